import {
  qrCodeListSchema,
  qrCodeSchema,
  createQrCodeInputSchema,
  qrInputSchema,
} from '@carecode/domain/qr-codes/qr-code.schema';
import { organizationIdSchema } from '@carecode/domain/organizations/organization.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createQrCodesRepository } from './qr-codes.repository.ts';
import { createQrCodesService } from './qr-codes.service.ts';

const idParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
/** `?organizationId=`: that organisation's codes; without it, the caller's personal codes. */
const listQuerySchema = z.strictObject({ organizationId: organizationIdSchema.optional() });
/** The toggle calls carry no payload; anything sent must be an empty object. */
const emptyBodySchema = z.strictObject({}).nullish();

/** Spec §7: the owner's QR codes. Every route needs a bearer token; another owner's QR is a 404. */
export const qrCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createQrCodesService(createQrCodesRepository(app.database.db), app.database.db);
  // onRequest, so an anonymous call answers 401 before its body is looked at.
  const owner = { onRequest: app.authenticate };

  app.post(
    '/qr-codes/',
    { ...owner, schema: { body: createQrCodeInputSchema, response: { 201: qrCodeSchema } } },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user.id, request.body)),
  );

  app.get(
    '/qr-codes/',
    {
      ...owner,
      schema: { querystring: listQuerySchema, response: { 200: qrCodeListSchema } },
    },
    (request) => service.list(request.user.id, request.user.plan, request.query.organizationId),
  );

  app.get(
    '/qr-codes/:id',
    { ...owner, schema: { params: idParamsSchema, response: { 200: qrCodeSchema } } },
    (request) => service.get(request.user.id, request.params.id, request.user.plan),
  );

  app.put(
    '/qr-codes/:id',
    {
      ...owner,
      schema: { params: idParamsSchema, body: qrInputSchema, response: { 200: qrCodeSchema } },
    },
    (request) =>
      service.update(request.user.id, request.params.id, request.body, request.user.plan),
  );

  app.delete(
    '/qr-codes/:id',
    { ...owner, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await service.remove(request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  for (const [action, isPublic] of [
    ['public', true],
    ['private', false],
  ] as const) {
    app.put(
      `/qr-codes/:id/${action}`,
      {
        ...owner,
        schema: { params: idParamsSchema, body: emptyBodySchema, response: { 200: qrCodeSchema } },
      },
      (request) =>
        service.setPublic(request.user.id, request.params.id, isPublic, request.user.plan),
    );
  }
};
