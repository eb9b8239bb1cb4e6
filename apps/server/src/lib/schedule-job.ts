import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` first `firstMs` after the app is ready, then `everyMs` after each run ends (never two
 * at once; a failure is logged and the next run comes as usual), and waits for a run in progress
 * when the app closes. The timers do not keep the process alive.
 */
export function scheduleJob(
  app: FastifyInstance,
  job: { name: string; firstMs: number; everyMs: number; run: () => Promise<unknown> },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running = job
      .run()
      .catch((error) => app.log.error({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = undefined;
        timer = setTimeout(tick, job.everyMs).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, job.firstMs).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
