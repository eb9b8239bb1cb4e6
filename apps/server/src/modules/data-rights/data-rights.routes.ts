import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { z } from 'zod';
import { CSV_BOM, csvRow } from '../../lib/csv.ts';
import { SCAN_CSV_COLUMNS, scanCsvRow } from './scan-csv.ts';
import { createDataExportRepository } from './data-export.repository.ts';
import { createErasureRepository } from './erasure.repository.ts';

/** The typed confirmation 'Delete my account' asks for. */
export const ERASE_CONFIRMATION = 'DELETE';

const eraseInputSchema = z.strictObject({
  confirmation: z.literal(ERASE_CONFIRMATION, {
    error: `Type ${ERASE_CONFIRMATION} to confirm`,
  }),
});

/** A person's copy of their data, and its erasure (DPDP Act: access and erasure). */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createDataExportRepository(app.database.db);
  const erasure = createErasureRepository(app.database.db);

  app.delete(
    '/user/me',
    { onRequest: app.authenticate, schema: { body: eraseInputSchema } },
    async (request, reply) => {
      await erasure.erase({ id: request.user.id, subject: request.user.subject });
      request.log.info('account erased');
      return reply.status(204).send();
    },
  );

  const exportLimit = {
    onRequest: app.authenticate,
    preHandler: rateLimit({
      name: 'data-export',
      max: 10,
      windowSeconds: 3600,
      keyOf: (request) => request.user.id,
    }),
  };

  // The scan history as a spreadsheet: one row per scan, oldest first, times in UTC (ISO 8601).
  app.get('/user/export/scans.csv', exportLimit, async (request, reply) => {
    const scans = await repository.scanHistory(request.user.id);
    const lines = [CSV_BOM, csvRow(SCAN_CSV_COLUMNS)];
    for (const scan of scans) lines.push(scanCsvRow(scan));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="carecode-scans-${day}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(lines.join(''));
  });

  app.get('/user/export', exportLimit, async (request, reply) => {
    const data = await repository.collect(request.user.id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="carecode-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify(
          { exportedAt: new Date().toISOString(), format: 'carecode-export/1', ...data },
          null,
          2,
        ),
      );
  });
};
