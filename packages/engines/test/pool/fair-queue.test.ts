import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DeadlinePassedError,
  FairQueue,
  type FairQueueOptions,
  QueueFullError,
  type Tenant,
} from '../../src/pool/fair-queue.js';

/** Work whose end the test decides; `started` lists tasks in the order they reached a worker. */
function harness(options: Partial<FairQueueOptions> = {}) {
  const queue = new FairQueue({
    workers: 2,
    maxRunningPerAccount: 1,
    maxQueuedPerAccount: 100,
    maxQueuedPerToken: 100,
    maxQueued: 1000,
    ...options,
  });
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const signals = new Map<string, AbortSignal>();
  const submit = (name: string, tenant: Tenant, deadlineMs = 60_000, signal?: AbortSignal) =>
    queue.run(
      tenant,
      (taskSignal) =>
        new Promise<string>((resolve, reject) => {
          started.push(name);
          signals.set(name, taskSignal);
          finish.set(name, () => resolve(name));
          taskSignal.addEventListener('abort', () => reject(taskSignal.reason));
        }),
      { deadlineMs, ...(signal ? { signal } : {}) },
    );
  const done = async (name: string) => {
    finish.get(name)?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { queue, started, submit, done, signals };
}

const A1: Tenant = { account: 'A', token: 'a1' };
const A2: Tenant = { account: 'A', token: 'a2' };
const B1: Tenant = { account: 'B', token: 'b1' };
const C1: Tenant = { account: 'C', token: 'c1' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the fair queue', () => {
  it("starts another account's task before the rest of one account's backlog", async () => {
    const { started, submit, done } = harness();
    const results = ['a-1', 'a-2', 'a-3', 'a-4'].map((name) => submit(name, A1));
    const b = submit('b-1', B1);
    await vi.advanceTimersByTimeAsync(0);
    // A may run on one of the two workers; B's task takes the other at once.
    expect(started).toEqual(['a-1', 'b-1']);
    await done('a-1');
    await done('b-1');
    await expect(b).resolves.toBe('b-1');
    expect(started).toEqual(['a-1', 'b-1', 'a-2']);
    for (const name of ['a-2', 'a-3', 'a-4']) await done(name);
    await expect(Promise.all(results)).resolves.toEqual(['a-1', 'a-2', 'a-3', 'a-4']);
  });

  it("keeps a slot its work holds past its end: that account waits, another's task starts", async () => {
    const { queue, started, submit } = harness({ workers: 3, maxRunningPerAccount: 1 });
    let replaced: () => void = () => undefined;
    const replacement = new Promise<void>((resolve) => {
      replaced = resolve;
    });
    // A's task ends (its worker terminated), holding its slot until the replacement is ready.
    const first = queue.run(
      A1,
      async (_signal, slot) => {
        started.push('a-1');
        slot.holdUntil(replacement);
        return 'a-1';
      },
      { deadlineMs: 60_000 },
    );
    await expect(first).resolves.toBe('a-1');
    void submit('a-2', A1);
    void submit('b-1', B1);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a-1', 'b-1']);
    expect(queue.counts('A')).toEqual({ running: 1, waiting: 1 });
    replaced();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a-1', 'b-1', 'a-2']);
  });

  it('serves accounts in turn when each has a backlog', async () => {
    const { started, submit, done } = harness({ workers: 1 });
    for (const name of ['a-1', 'a-2', 'a-3']) void submit(name, A1);
    for (const name of ['b-1', 'b-2']) void submit(name, B1);
    void submit('c-1', C1);
    await vi.advanceTimersByTimeAsync(0);
    for (const name of ['a-1', 'b-1', 'c-1', 'a-2', 'b-2']) await done(name);
    expect(started).toEqual(['a-1', 'b-1', 'c-1', 'a-2', 'b-2', 'a-3']);
  });

  it("serves an account's tokens in turn", async () => {
    const { started, submit, done } = harness({ workers: 1 });
    for (const name of ['x-1', 'x-2', 'x-3']) void submit(name, A1);
    void submit('y-1', A2);
    await vi.advanceTimersByTimeAsync(0);
    for (const name of ['x-1', 'y-1', 'x-2']) await done(name);
    expect(started).toEqual(['x-1', 'y-1', 'x-2', 'x-3']);
  });

  it('lets one account use every worker but the reserved ones while it is alone', async () => {
    const { started, submit } = harness({ workers: 3, maxRunningPerAccount: 2 });
    for (const name of ['a-1', 'a-2', 'a-3']) void submit(name, A1);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a-1', 'a-2']);
    void submit('b-1', B1);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a-1', 'a-2', 'b-1']);
  });

  it('answers a task still waiting at its deadline, and never starts it', async () => {
    const { started, submit, queue } = harness({ workers: 1 });
    void submit('a-1', A1);
    const late = submit('a-2', A1, 5_000);
    const outcome = late.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(DeadlinePassedError);
    expect((error as DeadlinePassedError).started).toBe(false);
    expect(started).toEqual(['a-1']);
    expect(queue.counts('A')).toEqual({ running: 1, waiting: 0 });
  });

  it('answers a running task at its deadline and aborts its work', async () => {
    const { submit, signals, queue } = harness();
    const outcome = submit('a-1', A1, 5_000).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toMatchObject({ name: 'DeadlinePassedError', started: true });
    expect(signals.get('a-1')?.aborted).toBe(true);
    // The aborted work settled, so its worker is free again.
    expect(queue.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses only the tenant whose queue is full, and each token's share", async () => {
    const { submit } = harness({ workers: 1, maxQueuedPerAccount: 3, maxQueuedPerToken: 2 });
    void submit('a-run', A1);
    await vi.advanceTimersByTimeAsync(0);
    void submit('a-1', A1);
    void submit('a-2', A1);
    await expect(submit('a-3', A1)).rejects.toBeInstanceOf(QueueFullError);
    void submit('a2-1', A2);
    await expect(submit('a2-2', A2)).rejects.toBeInstanceOf(QueueFullError);
    void submit('b-1', B1);
    void submit('b-2', B1);
    await expect(submit('b-3', B1)).rejects.toBeInstanceOf(QueueFullError);
  });

  it('bounds all waiting work, whatever the accounts', async () => {
    const { submit } = harness({ workers: 1, maxQueued: 2 });
    void submit('a-run', A1);
    await vi.advanceTimersByTimeAsync(0);
    void submit('a-1', A1);
    void submit('b-1', B1);
    await expect(submit('c-1', C1)).rejects.toBeInstanceOf(QueueFullError);
  });

  it('drops a waiting task whose caller left, and frees the worker of a running one', async () => {
    const { started, submit, queue } = harness({ workers: 1 });
    const running = new AbortController();
    const waiting = new AbortController();
    const first = submit('a-1', A1, 60_000, running.signal).catch((error: unknown) => error);
    const second = submit('a-2', A1, 60_000, waiting.signal).catch((error: unknown) => error);
    void submit('b-1', B1);
    await vi.advanceTimersByTimeAsync(0);
    waiting.abort(new Error('gone'));
    expect(await second).toMatchObject({ message: 'gone' });
    running.abort(new Error('gone too'));
    expect(await first).toMatchObject({ message: 'gone too' });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a-1', 'b-1']);
    expect(queue.counts('A')).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps the slot of a task whose work holds it (a thread being replaced) for that account alone', async () => {
    const queue = new FairQueue({
      workers: 2,
      maxRunningPerAccount: 1,
      maxQueuedPerAccount: 10,
      maxQueuedPerToken: 10,
      maxQueued: 10,
    });
    let replaced: () => void = () => undefined;
    const replacement = new Promise<void>((resolve) => {
      replaced = resolve;
    });
    const started: string[] = [];
    const instant = (name: string) => async () => {
      started.push(name);
      return name;
    };
    // A's first task fails and holds its slot until the replacement is ready.
    const failed = queue
      .run(
        A1,
        async (_signal, slot) => {
          started.push('a-1');
          slot.holdUntil(replacement);
          throw new Error('over budget');
        },
        { deadlineMs: 60_000 },
      )
      .catch((error: unknown) => error);
    const a2 = queue.run(A1, instant('a-2'), { deadlineMs: 60_000 });
    // The caller is answered at once, whatever the hold.
    expect(await failed).toMatchObject({ message: 'over budget' });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.counts('A')).toEqual({ running: 1, waiting: 1 });
    // Another account still runs at once on the other worker, again and again.
    await expect(queue.run(B1, instant('b-1'), { deadlineMs: 60_000 })).resolves.toBe('b-1');
    await expect(queue.run(B1, instant('b-2'), { deadlineMs: 60_000 })).resolves.toBe('b-2');
    expect(started).toEqual(['a-1', 'b-1', 'b-2']);
    replaced();
    await expect(a2).resolves.toBe('a-2');
    expect(started).toEqual(['a-1', 'b-1', 'b-2', 'a-2']);
  });

  it('refuses every waiting task when closed', async () => {
    const { submit, queue } = harness({ workers: 1 });
    void submit('a-1', A1);
    const waiting = submit('b-1', B1).catch((error: unknown) => error);
    queue.close(new Error('closing'));
    expect(await waiting).toMatchObject({ message: 'closing' });
  });
});
