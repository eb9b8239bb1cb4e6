import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { createQrPngRenderer } from './qr-png-renderer.ts';
import { createQrImagesRepository } from './qr-images.repository.ts';
import { baseOptions, PNG_SIZE, qrSvg, scanUrl } from './qr-images.service.ts';

/** PNG downloads per owner and minute: plenty for printing, too few to crowd out scans. */
export const qrPngRateLimit = {
  name: 'qr-png',
  max: 30,
  windowSeconds: 60,
  keyOf: (request: FastifyRequest) => request.user.id,
};

const idParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

const sizeMessage = `Size must be a whole number of pixels from ${PNG_SIZE.min} to ${PNG_SIZE.max}.`;
const pngQuerySchema = z.strictObject({
  size: z
    .string()
    .regex(/^\d{1,5}$/, sizeMessage)
    .transform(Number)
    .pipe(z.number().int().min(PNG_SIZE.min, sizeMessage).max(PNG_SIZE.max, sizeMessage))
    .optional(),
});

/** Printable QR images for print shops: GET /qr-codes/{id}/qr.svg and /qr.png (owner only). */
export const qrImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createQrImagesRepository(app.database.db);
  // onRequest, so an anonymous call answers 401 before anything else is looked at.
  const owner = { onRequest: app.authenticate };
  const renderer = createQrPngRenderer({ qrOptions: baseOptions });
  app.addHook('onClose', () => renderer.close());

  const ownedScanUrl = async (ownerId: string, id: string) => {
    if (!(await repository.isOwned(id, ownerId))) {
      throw new AppError('QR_NOT_FOUND');
    }
    return scanUrl(app.config.apiBaseUrl, id);
  };

  app.get(
    '/qr-codes/:id/qr.svg',
    { ...owner, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const svg = await qrSvg(await ownedScanUrl(request.user.id, request.params.id));
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', 'inline; filename="carecode-qr.svg"')
        .header('cache-control', 'private, no-cache')
        .send(svg);
    },
  );

  app.get(
    '/qr-codes/:id/qr.png',
    {
      ...owner,
      preHandler: rateLimit(qrPngRateLimit),
      schema: { params: idParamsSchema, querystring: pngQuerySchema },
    },
    async (request, reply) => {
      const text = await ownedScanUrl(request.user.id, request.params.id);
      const png = await renderer.render(text, request.query.size ?? PNG_SIZE.default);
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', 'inline; filename="carecode-qr.png"')
        .header('cache-control', 'private, no-cache')
        .send(png);
    },
  );
};
