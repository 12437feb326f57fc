export const SERVER_SLOTS: readonly ['server-1', 'server-2'];

export function freePort(): Promise<number>;

export function findHaproxy(
  env?: Record<string, string | undefined>,
): { path: string; missing?: undefined } | { path?: undefined; missing: string };

/** One server line as the balancer sees it now (`/stats;csv`). */
export interface ServerStats {
  /** `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming back), `MAINT`… */
  status: string;
  /** Requests the balancer sent it (retries included). */
  sessions: number;
  /** Requests it is answering now. */
  current: number;
  /** Connections the balancer opened to it, and requests it sent on one already open. */
  connects: number;
  reuses: number;
}

export interface RunningBalancer {
  /** `http://127.0.0.1:port` */
  origin: string;
  /** Per server line (`server-1`, …). */
  servers(): Promise<Record<string, ServerStats>>;
  /** Everything haproxy printed so far (its log: failed and retried requests, state changes). */
  output(): string;
  close(): Promise<void>;
}

export function startHaproxy(
  path: string,
  origins: readonly string[],
  options?: { port?: number },
): Promise<RunningBalancer>;
