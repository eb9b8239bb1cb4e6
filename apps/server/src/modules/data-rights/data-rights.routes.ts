import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { createDataExportRepository } from './data-export.repository.ts';

/** A person's copy of their data (DPDP Act: the right of access). */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createDataExportRepository(app.database.db);

  app.get(
    '/user/export',
    {
      onRequest: app.authenticate,
      preHandler: rateLimit({
        name: 'data-export',
        max: 10,
        windowSeconds: 3600,
        keyOf: (request) => request.user.id,
      }),
    },
    async (request, reply) => {
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
    },
  );
};
