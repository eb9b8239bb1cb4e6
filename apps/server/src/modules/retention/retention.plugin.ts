import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleJob } from '../../lib/schedule-job.ts';
import { createRetentionRepository } from './retention.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    retention: { runOnce(now?: Date): Promise<{ locations: number; scans: number } | undefined> };
  }
}

const DAY_MS = 86_400_000;
/** The job runs a minute after start, then every hour. */
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 3_600_000;

/**
 * Purpose-bound retention: scanners' locations are erased after LOCATION_RETENTION_DAYS and
 * scans deleted after SCAN_RETENTION_DAYS, by a job that runs on one replica at a time (an
 * advisory lock) and works a backlog off in short statements.
 */
export const retentionPlugin = fp(
  async (app: FastifyInstance, options: { schedule?: boolean }) => {
    const repository = createRetentionRepository(app.database.db);
    const log = app.log.child({ module: 'retention' });
    const { locationDays, scanDays } = app.config.retention;
    const runOnce = async (now = new Date()) => {
      const done = await repository.apply(
        new Date(now.getTime() - locationDays * DAY_MS),
        new Date(now.getTime() - scanDays * DAY_MS),
      );
      if (done && (done.locations || done.scans)) log.info(done, 'retention applied');
      return done;
    };
    app.decorate('retention', { runOnce });

    if (options.schedule === false) return;
    scheduleJob(app, {
      name: 'retention',
      firstMs: FIRST_RUN_MS,
      everyMs: EVERY_MS,
      run: runOnce,
    });
  },
  { name: 'retention', dependencies: ['database'] },
);
