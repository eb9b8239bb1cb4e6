/**
 * Group commit: callers submit one item each and wait for its result; items that arrive while a
 * batch is being written are queued and written together in the next batch, so N concurrent
 * callers cost about one database round trip instead of N. With no load a lone item is written at
 * once (no timer delay); under load batches grow up to `maxBatch`.
 */
export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
  /** Resolves once every submitted item has been written (or failed). */
  drain(): Promise<void>;
}

export interface GroupCommitOptions {
  /** Most items per batch (default 500). */
  maxBatch?: number;
  /**
   * Batches written at the same time (default 1). With two the database never waits for the
   * next batch: it is already queued there when one commits.
   */
  concurrency?: number;
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * `write` receives the items of one batch and returns one result per item, in the same order.
 * When a batch of several items fails, each item is retried alone, so one bad item fails only
 * its own caller.
 */
export function createGroupCommit<I, O>(
  write: (items: I[]) => Promise<O[]>,
  options: GroupCommitOptions = {},
): GroupCommit<I, O> {
  const maxBatch = options.maxBatch ?? 500;
  const concurrency = options.concurrency ?? 1;
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;
  const idle: (() => void)[] = [];

  const settle = async (batch: Pending<I, O>[]) => {
    try {
      const results = await write(batch.map((entry) => entry.item));
      batch.forEach((entry, index) => entry.resolve(results[index]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      for (const entry of batch) await settle([entry]);
    }
  };

  const flush = () => {
    scheduled = false;
    while (inFlight < concurrency && queue.length) {
      inFlight += 1;
      void settle(queue.splice(0, maxBatch)).then(() => {
        inFlight -= 1;
        if (queue.length) flush();
        else if (!inFlight) for (const resolve of idle.splice(0)) resolve();
      });
    }
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (inFlight < concurrency && !scheduled) {
          scheduled = true;
          // setImmediate: requests that arrived in the same I/O turn share the first batch.
          setImmediate(flush);
        }
      });
    },
    drain() {
      if (!inFlight && !scheduled && !queue.length) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
