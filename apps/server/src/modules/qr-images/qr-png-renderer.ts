import { Worker } from 'node:worker_threads';

interface Job {
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * PNG rendering for print shops, kept off the thread that answers scans: a 2048 px code takes
 * most of a second to draw. One worker (the server has two cores, and scans need the other),
 * started on first use; the finished images are kept by text and size in a bounded cache, so a
 * repeated download costs nothing.
 */
export function createQrPngRenderer(options: {
  qrOptions: Record<string, unknown>;
  /** Bytes of finished images kept (least recently used go first). */
  cacheBytes?: number;
}) {
  const cacheLimit = options.cacheBytes ?? 32 * 1024 * 1024;
  const cache = new Map<string, Buffer>();
  let cachedBytes = 0;
  const inFlight = new Map<string, Promise<Buffer>>();
  const jobs = new Map<number, Job>();
  let nextId = 0;
  let worker: Worker | undefined;
  let renders = 0;

  const failAll = (error: Error) => {
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
    worker = undefined;
  };

  const startWorker = () => {
    const started = new Worker(new URL('./qr-png.worker.mjs', import.meta.url));
    started.unref();
    started.on('message', (message: { id: number; png?: Uint8Array; error?: string }) => {
      const job = jobs.get(message.id);
      jobs.delete(message.id);
      if (!job) return;
      if (message.png) job.resolve(Buffer.from(message.png));
      else job.reject(new Error(message.error ?? 'QR rendering failed'));
    });
    started.on('error', failAll);
    started.on('exit', () => failAll(new Error('QR renderer stopped')));
    return started;
  };

  const renderInWorker = (text: string, size: number) =>
    new Promise<Buffer>((resolve, reject) => {
      worker ??= startWorker();
      const id = (nextId += 1);
      jobs.set(id, { resolve, reject });
      renders += 1;
      worker.postMessage({ id, text, size, options: options.qrOptions });
    });

  const remember = (key: string, png: Buffer) => {
    if (png.length > cacheLimit) return;
    cache.set(key, png);
    cachedBytes += png.length;
    for (const [oldest, image] of cache) {
      if (cachedBytes <= cacheLimit) break;
      cache.delete(oldest);
      cachedBytes -= image.length;
    }
  };

  return {
    /** The PNG of `text`, `size` pixels wide: from the cache, a render under way, or a new one. */
    render(text: string, size: number): Promise<Buffer> {
      const key = `${size}|${text}`;
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return Promise.resolve(cached);
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = renderInWorker(text, size)
          .then((png) => {
            remember(key, png);
            return png;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    /** Images drawn so far (not counting cache hits). */
    renderCount: () => renders,
    async close() {
      const running = worker;
      worker = undefined;
      if (running) await running.terminate();
    },
  };
}

export type QrPngRenderer = ReturnType<typeof createQrPngRenderer>;
