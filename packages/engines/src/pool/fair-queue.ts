/**
 * The queue in front of a shared worker pool (the engines' and the server's body pool): on a server
 * several accounts share, one account's backlog must not become another's wait. Waiting tasks are
 * kept per account, and inside an account per token; a free worker takes the next task of the
 * account whose turn it is (turn-order.ts: the one served least, a newcomer next), and inside it of
 * the token whose turn it is. An account may run at most
 * `maxRunningPerAccount` tasks at once (the pools leave one worker for the others), so another
 * account's task waits at most for a worker to free up, not behind a backlog.
 *
 * Every task has a deadline from the moment it is queued: when it passes, the caller is answered at
 * once (`DeadlinePassedError`), whether the task was still waiting (it is dropped) or running (its
 * signal aborts, and the pool terminates its worker). Waiting is bounded per account, per token and
 * in all: one more is refused with `QueueFullError`, and only that tenant is refused.
 *
 * A task's slot is its account's until its work settles, and longer when the work says so
 * (`TaskSlot.holdUntil`): a pool whose thread was terminated for a task keeps that account's slot
 * until the new thread is ready, so the account that cost a thread waits for its replacement, and
 * another account's next task still finds a warm thread.
 *
 * It is a scheduler in front of piscina, not piscina's own `taskQueue`: piscina hands a task to a
 * free worker without asking the queue, shifts whenever a worker is free (a queue cannot hold a task
 * back for a fairer one), and `push` cannot refuse. So a pool gets tasks from here only while it has
 * a free worker, and its own queue stays empty.
 */
import { TokenRing } from './token-ring.js';
import { TurnOrder } from './turn-order.js';

/** For a fair queue of one's own (the server's turns on its event loop): tokens served in turn. */
export { TokenRing };

/** Whose work a task is: the account is the tenant, its tokens share the account's turn. */
export interface Tenant {
  account: string;
  token: string;
}

export interface FairQueueOptions {
  /** Tasks running at once in all (the pool's threads). */
  workers: number;
  /** Tasks one account may run at once. */
  maxRunningPerAccount: number;
  /** Tasks one account may have waiting; one more is refused. */
  maxQueuedPerAccount: number;
  /** Tasks one token may have waiting, so one token cannot fill its account's queue. */
  maxQueuedPerToken: number;
  /** Tasks waiting in all, whatever the accounts: bounds memory. */
  maxQueued: number;
}

/** The tenant (or the server, in all) already has as much work waiting as it may. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

/** The task's deadline passed: `started` says whether it had reached a worker. */
export class DeadlinePassedError extends Error {
  override name = 'DeadlinePassedError';
  constructor(readonly started: boolean) {
    super(started ? 'the task ran past its deadline' : 'the task waited past its deadline');
  }
}

/** The slot a running task holds. */
export interface TaskSlot {
  /** Keeps the slot after the work settles, until `done` settles too (whoever was answered). */
  holdUntil(done: Promise<unknown>): void;
}

/**
 * The work of a task: given a signal that aborts when its deadline passes (or its caller leaves),
 * and its slot.
 */
export type Work<T> = (signal: AbortSignal, slot: TaskSlot) => Promise<T>;

export interface QueuedTask {
  /** Starts the task (its slot is taken); called once. */
  start(): void;
  /** Refuses the task while it waits (deadline, caller gone, queue closed). */
  drop(error: unknown): void;
}

export interface RunOptions {
  /** Milliseconds from now until the task's deadline, waiting included. */
  deadlineMs: number;
  /** The caller's own signal (its client went away): a waiting task is dropped, a running one aborted. */
  signal?: AbortSignal;
}

const noop = () => undefined;

export class FairQueue {
  private readonly accounts = new Map<string, { running: number; tokens: TokenRing<QueuedTask> }>();
  /** Every account with work running or waiting, and what each was served. */
  private readonly turns = new TurnOrder();
  private running = 0;
  private waiting = 0;

  constructor(readonly options: FairQueueOptions) {}

  /** Tasks running and waiting now (in all, or of one account). */
  counts(account?: string): { running: number; waiting: number } {
    if (account === undefined) return { running: this.running, waiting: this.waiting };
    const entry = this.accounts.get(account);
    return { running: entry?.running ?? 0, waiting: entry?.tokens.size ?? 0 };
  }

  run<T>(tenant: Tenant, work: Work<T>, { deadlineMs, signal }: RunOptions): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const account = this.accountOf(tenant.account);
    if (
      this.waiting >= this.options.maxQueued ||
      account.tokens.size >= this.options.maxQueuedPerAccount ||
      account.tokens.sizeOf(tenant.token) >= this.options.maxQueuedPerToken
    ) {
      this.forget(tenant.account);
      return Promise.reject(new QueueFullError(`the queue of account ${tenant.account} is full`));
    }
    return new Promise<T>((resolve, reject) => {
      const abort = new AbortController();
      let state: 'waiting' | 'running' | 'done' = 'waiting';
      const finish = (error: unknown, value?: T) => {
        if (state === 'done') return;
        clearTimeout(deadline);
        signal?.removeEventListener('abort', onCallerAbort);
        const wasWaiting = state === 'waiting';
        state = 'done';
        if (wasWaiting) this.unqueue(tenant, task);
        if (error === undefined) resolve(value as T);
        else reject(error);
      };
      const task: QueuedTask = {
        start: () => {
          state = 'running';
          const holds: Promise<unknown>[] = [];
          let settled: Promise<T>;
          try {
            settled = work(abort.signal, { holdUntil: (done) => holds.push(done) });
          } catch (error) {
            settled = Promise.reject(error);
          }
          settled.then(
            (value) => finish(undefined, value),
            (error: unknown) => finish(error ?? new Error('the task failed')),
          );
          // The slot is held until the work settles (a terminated worker, too), whoever was answered,
          // and then until whatever the work asked it to wait for.
          settled
            .then(noop, noop)
            .then(() => Promise.allSettled(holds))
            .then(() => this.release(tenant));
        },
        drop: (error) => finish(error),
      };
      const deadline = setTimeout(() => {
        const started = state === 'running';
        finish(new DeadlinePassedError(started));
        abort.abort(new DeadlinePassedError(started));
      }, deadlineMs);
      const onCallerAbort = () => {
        if (state === 'waiting') finish(signal?.reason);
        abort.abort(signal?.reason);
      };
      signal?.addEventListener('abort', onCallerAbort, { once: true });
      account.tokens.push(tenant.token, task);
      this.waiting++;
      this.dispatch();
    });
  }

  /** Refuses every waiting task (the pool is closing). */
  close(error: unknown): void {
    const dropped = [...this.accounts.values()].flatMap((account) => account.tokens.drain());
    this.waiting = 0;
    for (const task of dropped) task.drop(error);
  }

  private accountOf(name: string) {
    let account = this.accounts.get(name);
    if (!account) {
      account = { running: 0, tokens: new TokenRing<QueuedTask>() };
      this.accounts.set(name, account);
      this.turns.join(name);
    }
    return account;
  }

  /** An account with nothing waiting or running is forgotten, so idle accounts cost nothing. */
  private forget(name: string): void {
    const account = this.accounts.get(name);
    if (account && account.running === 0 && account.tokens.size === 0) {
      this.accounts.delete(name);
      this.turns.leave(name);
    }
  }

  private unqueue(tenant: Tenant, task: QueuedTask): void {
    const account = this.accounts.get(tenant.account);
    if (!account?.tokens.remove(tenant.token, task)) return;
    this.waiting--;
    this.forget(tenant.account);
  }

  private release({ account: name, token }: Tenant): void {
    this.running--;
    const account = this.accounts.get(name);
    if (account) {
      account.running--;
      account.tokens.finished(token);
    }
    this.forget(name);
    this.dispatch();
  }

  /** Starts waiting tasks while a worker is free: the next account in turn that may run one more. */
  private dispatch(): void {
    while (this.running < this.options.workers) {
      const name = this.turns.next((key) => {
        const account = this.accounts.get(key);
        return !!account && account.tokens.size > 0 && account.running < this.options.maxRunningPerAccount;
      });
      const account = name === undefined ? undefined : this.accounts.get(name);
      const task = account?.tokens.shift();
      if (name === undefined || !account || !task) return;
      this.waiting--;
      this.turns.serve(name);
      account.running++;
      this.running++;
      task.start();
    }
  }
}
