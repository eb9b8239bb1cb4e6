import {
  BULK_MAX_BYTES,
  bulkCreateResultSchema,
  bulkTemplateCsv,
} from '@carecode/domain/qr-codes/bulk';
import { designerKindByType } from '@carecode/domain/qr-codes/card-designs';
import { qrTypeSchema } from '@carecode/domain/qr-codes/qr-code.schema';
import {
  sheetBodySchema,
  sheetQuerySchema,
  type SheetRequest,
} from '@carecode/domain/qr-codes/sheet.schema';
import { organizationIdSchema } from '@carecode/domain/organizations/organization.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { createQrBulkRepository } from './qr-bulk.repository.ts';
import { createQrBulkService, sheetOptions } from './qr-bulk.service.ts';
import { renderQrSheet } from './qr-sheet.pdf.ts';

/** Uploads per owner: a school's batches in a sitting, not a flood of 2,000-row files. */
export const bulkRateLimit = {
  name: 'qr-bulk',
  max: 20,
  windowSeconds: 600,
  keyOf: (request: FastifyRequest) => request.user.id,
};

/** Sheets per owner and minute: each can draw 2,000 cards. */
export const sheetRateLimit = {
  name: 'qr-sheet',
  max: 10,
  windowSeconds: 60,
  keyOf: (request: FastifyRequest) => request.user.id,
};

const typeQuerySchema = z.strictObject({ type: qrTypeSchema });
/** `?organizationId=`: the new codes belong to that organisation (its admins only). */
const bulkQuerySchema = typeQuerySchema.extend({ organizationId: organizationIdSchema.optional() });

/**
 * Bulk creation from CSV and print-ready sheets of the codes the caller sees:
 * GET /qr-codes/bulk/template?type=, POST /qr-codes/bulk?type=&organizationId= (text/csv),
 * GET /qr-codes/sheet.pdf?ids= and POST /qr-codes/sheet.pdf ({ ids }) for long selections.
 */
export const qrBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createQrBulkService(createQrBulkRepository(app.database.db), app.database.db);
  const owner = { onRequest: app.authenticate };

  // A CSV body arrives as bytes; the service decodes it (UTF-8, with or without a BOM).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: BULK_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/qr-codes/bulk/template',
    { ...owner, schema: { querystring: typeQuerySchema } },
    async (request, reply) => {
      const kind = designerKindByType[request.query.type];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="carecode-${kind}-template.csv"`)
        .header('cache-control', 'private, no-cache')
        .send(bulkTemplateCsv(request.query.type));
    },
  );

  app.post(
    '/qr-codes/bulk',
    {
      ...owner,
      preHandler: rateLimit(bulkRateLimit),
      bodyLimit: BULK_MAX_BYTES,
      schema: { querystring: bulkQuerySchema, response: { 201: bulkCreateResultSchema } },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('BULK_CONTENT_TYPE');
      const result = await service.createFromCsv(
        request.user.id,
        request.query.type,
        request.body,
        request.query.organizationId,
      );
      return reply.status(201).send(result);
    },
  );

  const sendSheet = async (ownerId: string, choice: SheetRequest, reply: FastifyReply) => {
    const cards = await service.sheetCards(ownerId, choice.ids);
    const { doc } = renderQrSheet(cards, sheetOptions(app.config, choice));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'attachment; filename="carecode-qr-sheet.pdf"')
      .header('cache-control', 'private, no-cache')
      .send(doc);
  };

  app.get(
    '/qr-codes/sheet.pdf',
    { ...owner, preHandler: rateLimit(sheetRateLimit), schema: { querystring: sheetQuerySchema } },
    (request, reply) => sendSheet(request.user.id, request.query, reply),
  );

  app.post(
    '/qr-codes/sheet.pdf',
    { ...owner, preHandler: rateLimit(sheetRateLimit), schema: { body: sheetBodySchema } },
    (request, reply) => sendSheet(request.user.id, request.body, reply),
  );
};
