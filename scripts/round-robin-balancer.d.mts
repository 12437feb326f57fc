export interface Balancer {
  /** `http://127.0.0.1:port` */
  origin: string;
  /** Requests each instance answered, by origin. */
  sent: Map<string, number>;
  close(): Promise<void>;
}

export function startRoundRobin(
  origins: readonly string[],
  options?: { port?: number; host?: string },
): Promise<Balancer>;
