export interface TcpRelay {
  /** The relay's port on 127.0.0.1. */
  port: number;
  /** Resets every connection through it and stops listening. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export function startRelay(target: { host: string; port: number }): Promise<TcpRelay>;

export function throughRelay(url: string, relay: TcpRelay): string;
