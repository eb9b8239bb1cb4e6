import {
  analyticsExportQuerySchema,
  analyticsQuerySchema,
  analyticsSchema,
} from '@carecode/domain/analytics/analytics.schema';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BOM, csvRow } from '../../lib/csv.ts';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { SCAN_CSV_COLUMNS, scanCsvRow } from '../data-rights/scan-csv.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { createAnalyticsService } from './analytics.service.ts';

/** Period exports per owner and hour: each can hold years of scans. */
export const analyticsExportRateLimit = {
  name: 'analytics-export',
  max: 30,
  windowSeconds: 3600,
  keyOf: (request: FastifyRequest) => request.user.id,
};

/**
 * Analytics of the owner's scans (Premium and Business): GET /analytics?from=&to=&granularity=
 * &qrId=, and GET /analytics/scans.csv?from=&to=&qrId= (the period's scan history).
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAnalyticsService(createAnalyticsRepository(app.database.db));

  app.get(
    '/analytics',
    {
      onRequest: app.authenticate,
      schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema } },
    },
    async (request, reply) => {
      const analytics = await service.summary(request.user.id, request.query);
      return reply.header('cache-control', 'private, no-cache').send(analytics);
    },
  );

  // Streamed page by page (years of scans do not sit in memory): the same columns and writer as
  // the data export's scan history, one row per scan, oldest first, times in UTC.
  app.get(
    '/analytics/scans.csv',
    {
      onRequest: app.authenticate,
      preHandler: rateLimit(analyticsExportRateLimit),
      schema: { querystring: analyticsExportQuerySchema },
    },
    async (request, reply) => {
      const ownerId = request.user.id;
      const period = request.query;
      await service.authorize(ownerId, period.qrId);
      const pages = service.scans(ownerId, period);
      async function* lines() {
        yield CSV_BOM + csvRow(SCAN_CSV_COLUMNS);
        for await (const page of pages) {
          if (page.length) yield page.map(scanCsvRow).join('');
        }
      }
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="carecode-scans-${period.from}-to-${period.to}.csv"`,
        )
        .type('text/csv; charset=utf-8')
        .send(Readable.from(lines()));
    },
  );
};
