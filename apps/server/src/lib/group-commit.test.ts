import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

describe('createGroupCommit', () => {
  it('writes a lone item at once, in a batch of one', async () => {
    const batches: number[][] = [];
    const commit = createGroupCommit(async (items: number[]) => {
      batches.push(items);
      return items.map((n) => n * 2);
    });
    expect(await commit.submit(21)).toBe(42);
    expect(batches).toEqual([[21]]);
  });

  it('groups items that arrive while a batch is written, and answers each caller its own result', async () => {
    const batches: number[][] = [];
    const commit = createGroupCommit(async (items: number[]) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((n) => n + 1000);
    });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => commit.submit(i)));
    expect(results).toEqual(Array.from({ length: 200 }, (_, i) => i + 1000));
    expect(batches.length).toBeLessThanOrEqual(2);
    expect(batches.flat()).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('never writes more than maxBatch items at once', async () => {
    const sizes: number[] = [];
    const commit = createGroupCommit(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxBatch: 50 },
    );
    await Promise.all(Array.from({ length: 120 }, (_, i) => commit.submit(i)));
    expect(sizes).toEqual([50, 50, 20]);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const commit = createGroupCommit(async (items: number[]) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items;
    });
    const results = await Promise.allSettled([1, 13, 3].map((n) => commit.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('unlucky');
  });

  it('drain waits for queued and running batches', async () => {
    let written = 0;
    const commit = createGroupCommit(async (items: number[]) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      written += items.length;
      return items;
    });
    for (let i = 0; i < 5; i += 1) void commit.submit(i);
    await commit.drain();
    expect(written).toBe(5);
    await commit.drain();
  });

  it('writes up to `concurrency` batches at once, the next formed while they run', async () => {
    let running = 0;
    let mostRunning = 0;
    const batches: number[][] = [];
    const commit = createGroupCommit(
      async (items: number[]) => {
        batches.push(items);
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return items.map((n) => -n);
      },
      { concurrency: 2, maxBatch: 10 },
    );
    const results = await Promise.all(Array.from({ length: 45 }, (_, i) => commit.submit(i)));
    expect(results).toEqual(Array.from({ length: 45 }, (_, i) => -i));
    expect(mostRunning).toBe(2);
    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 10, 10, 5]);
    expect(batches.flat()).toEqual(Array.from({ length: 45 }, (_, i) => i));
    await commit.drain();
    expect(running).toBe(0);
  });
});
