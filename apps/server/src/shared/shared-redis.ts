/**
 * The connection to the Redis that instances share (REDIS_URL): one client for commands and one
 * for subscriptions, the prefix of every key and channel, and the one place that decides what a
 * caller gets while Redis cannot answer.
 *
 * Decisions:
 * - Start-up needs Redis, as it needs the database: a wrong URL or password, or a server that does
 *   not answer within 5 s, stops it with a message naming REDIS_URL (without its password).
 * - Commands never wait for a connection (no offline queue) and fail after a second (a Redis that
 *   hangs rather than refuses), so a Redis outage makes requests take the failure path at once
 *   instead of piling up in memory. The clients reconnect every second, for ever.
 * - `shared(work, local)` is what the request pipeline uses: Redis's answer, else `local()` with
 *   REDIS_FAILURE=open or a `503` with `Retry-After: 1` with `closed`. `required(work)` is the admin
 *   API's: a `503` in either mode, since an admin write that only one instance saw would split the
 *   deployment's state.
 * - Losing and regaining Redis is logged once each way, never once per request.
 */
import { Redis } from 'ioredis';
import type { RedisConfig } from '../config/redis-config.js';
import { ApiError } from '../contract/api-error.js';

const CONNECT_TIMEOUT_MS = 5000;
const COMMAND_TIMEOUT_MS = 1000;
const RECONNECT_MAX_MS = 1000;

export interface SharedLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(message: string): void;
}

type MessageHandler = (message: string) => void;

export class SharedRedis {
  readonly failure: 'open' | 'closed';
  private readonly handlers = new Map<string, MessageHandler>();
  private readonly reconnectHandlers: (() => void)[] = [];
  /** False from a failure (a lost connection, a command that failed) until the next success. */
  private healthy = true;
  private closing = false;

  private constructor(
    readonly commands: Redis,
    private readonly subscriber: Redis,
    private readonly config: RedisConfig,
    private readonly log: SharedLog,
  ) {
    this.failure = config.failure;
    commands.on('error', (error: Error) => this.failed(error));
    commands.on('ready', () => this.succeeded());
    // Messages missed while the subscription was down are lost: whoever keeps a copy reloads it.
    subscriber.on('ready', () => {
      for (const handler of this.reconnectHandlers) handler();
    });
    subscriber.on('message', (channel: string, message: string) => {
      try {
        this.handlers.get(channel)?.(message);
      } catch (error) {
        // A message this version cannot apply (another version's, say) must not stop the process.
        log.error({ err: error, channel }, 'could not apply a message from Redis');
      }
    });
  }

  /** Connects both clients, or throws naming REDIS_URL and why. */
  static async connect(config: RedisConfig, log: SharedLog): Promise<SharedRedis> {
    const options = {
      lazyConnect: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_MS),
      connectionName: 'assistant-platform-server',
    };
    const commands = new Redis(config.url, options);
    // Subscriptions made while it reconnects wait for it (a handful of commands, never per request).
    const subscriber = new Redis(config.url, {
      ...options,
      enableOfflineQueue: true,
      commandTimeout: undefined,
    });
    let reason = 'no answer';
    const remember = (error: Error) => {
      reason = error.message;
    };
    commands.on('error', remember);
    // Unheard, ioredis prints its errors itself; they are reported here and by `failed`.
    subscriber.on('error', () => undefined);
    try {
      await Promise.race([
        Promise.all([commands.connect(), subscriber.connect()]),
        new Promise((_, reject) => setTimeout(reject, CONNECT_TIMEOUT_MS).unref()),
      ]);
    } catch {
      commands.disconnect();
      subscriber.disconnect();
      throw new Error(
        `REDIS_URL: cannot use Redis at ${config.display}: ${reason} (is it running, and is the password right?)`,
      );
    } finally {
      commands.off('error', remember);
    }
    return new SharedRedis(commands, subscriber, config, log);
  }

  key(name: string): string {
    return `${this.config.prefix}${name}`;
  }

  /**
   * A Lua script, run atomically by Redis: a caller's read-modify-write of shared state never
   * interleaves with another instance's. Sent by its SHA (ioredis loads it again after a restart).
   */
  script<R>(
    name: string,
    numberOfKeys: number | 'first-argument',
    lua: string,
  ): (...keysAndArgs: (string | number)[]) => Promise<R> {
    // Without numberOfKeys, ioredis takes the first argument as the count.
    this.commands.defineCommand(name, numberOfKeys === 'first-argument' ? { lua } : { numberOfKeys, lua });
    const run = (this.commands as unknown as Record<string, (...args: (string | number)[]) => Promise<R>>)[
      name
    ];
    if (run === undefined) throw new Error(`ioredis defined no command ${name}`);
    return (...keysAndArgs) => run.apply(this.commands, keysAndArgs);
  }

  /** Whether commands can be sent now. */
  isUp(): boolean {
    return this.commands.status === 'ready';
  }

  /** Calls `handler` with each message of `channel` (a name under the prefix), from now on. */
  async subscribe(channel: string, handler: MessageHandler): Promise<void> {
    this.handlers.set(this.key(channel), handler);
    await this.subscriber.subscribe(this.key(channel));
  }

  /** Stops calling the handler of `channel`. */
  async unsubscribe(channel: string): Promise<void> {
    this.handlers.delete(this.key(channel));
    await this.subscriber.unsubscribe(this.key(channel));
  }

  /** Calls `handler` whenever the subscriptions are back after a lost connection. */
  onResubscribed(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }

  /** Redis's answer; while Redis cannot give one, `local()` (REDIS_FAILURE=open) or a 503 (closed). */
  async shared<T>(work: () => Promise<T>, local: () => T): Promise<T> {
    if (this.isUp()) {
      try {
        const answer = await work();
        if (!this.healthy) this.succeeded();
        return answer;
      } catch (error) {
        this.failed(error as Error);
      }
    }
    if (this.failure === 'closed') throw new ApiError(503, [], 1);
    return local();
  }

  /** Redis's answer, or a 503 with `Retry-After: 1` while Redis cannot give one (the admin API's). */
  async required<T>(work: () => Promise<T>): Promise<T> {
    return this.shared(work, () => {
      throw new ApiError(503, [], 1);
    });
  }

  /** Why Redis cannot be used now, or undefined (what /healthz reports). */
  async problem(): Promise<string | undefined> {
    if (!this.isUp()) return `Redis at ${this.config.display} is unreachable`;
    try {
      await this.commands.ping();
      return undefined;
    } catch (error) {
      return `Redis at ${this.config.display} does not answer: ${(error as Error).message}`;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([this.commands.quit(), this.subscriber.quit()]);
    this.commands.disconnect();
    this.subscriber.disconnect();
  }

  private failed(error: Error): void {
    if (!this.healthy || this.closing) return;
    this.healthy = false;
    this.log.error(
      { err: error, failure: this.failure },
      this.failure === 'open'
        ? `Redis at ${this.config.display} is unreachable: until it is back, platform requests use this instance's own limits, fault rules and chat fixtures, the journal keeps none of them, and the admin API's shared state answers 503`
        : `Redis at ${this.config.display} is unreachable: until it is back, platform requests answer 503 (REDIS_FAILURE=closed)`,
    );
  }

  private succeeded(): void {
    if (this.healthy || this.closing) return;
    this.healthy = true;
    this.log.info(`Redis at ${this.config.display} is reachable again: state is shared again`);
  }
}
