import { callRequestSchema, callSchema } from '@carecode/domain/calls/call.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { clientAddressKey, rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import {
  createExotelCallGateway,
  createSandboxCallGateway,
  type CallGateway,
} from './call-gateway.ts';
import { createCallsRepository } from './calls.repository.ts';
import { createCallsService } from './calls.service.ts';

const addressOf = (request: FastifyRequest) => clientAddressKey(request.ip);

/** Anonymous: a scanner's address may ask for a few calls a minute (the session's 3 bound it too). */
export const callRateLimits = {
  request: { name: 'call-request', max: 10, windowSeconds: 60, keyOf: addressOf },
  read: { name: 'call-read', max: 120, windowSeconds: 60, keyOf: addressOf },
  callback: { name: 'call-callback', max: 600, windowSeconds: 60 },
} as const;

const scanIdParamsSchema = z.strictObject({ scanId: z.string().min(1).max(64) });

/** The gateway's status callback: a form (Exotel's default) or JSON, with these fields. */
const statusReportSchema = z
  .object({
    CallSid: z.string().max(100).optional(),
    Status: z.string().max(40).optional(),
    ConversationDuration: z.coerce.number().int().nonnegative().optional(),
    DialCallDuration: z.coerce.number().int().nonnegative().optional(),
  })
  .passthrough();

/**
 * The masked call bridge (Premium, Business): `POST /scans/{scanId}/calls` asks the gateway to
 * ring the scanner and then the chosen contact; `GET /scans/{scanId}/calls` tells the scanner's
 * page how its calls went; `POST /calls/{callId}/status` is where the gateway reports the end.
 */
export const callsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const gateway: CallGateway =
    config.calls.gateway === 'exotel'
      ? createExotelCallGateway({
          apiKey: config.calls.exotel.apiKey ?? '',
          apiToken: config.calls.exotel.apiToken ?? '',
          accountSid: config.calls.exotel.accountSid ?? '',
          callerId: config.calls.exotel.callerId ?? '',
          baseUrl: config.calls.exotel.baseUrl,
        })
      : createSandboxCallGateway();
  const service = createCallsService({
    repository: createCallsRepository(app.database.db),
    gateway,
    linkKey: app.alerts.keys.linkKey,
    statusCallbackUrl: (callId, token) =>
      `${config.apiBaseUrl}/calls/${encodeURIComponent(callId)}/status?token=${token}`,
    onAlertWritten: () => app.alerts.dispatcher.kick(),
    onGatewayError: () => app.metrics.gatewayErrors.inc({ gateway: 'exotel' }),
  });

  app.post(
    '/scans/:scanId/calls',
    {
      preHandler: rateLimit(callRateLimits.request),
      schema: {
        params: scanIdParamsSchema,
        body: callRequestSchema,
        response: { 201: callSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const call = await service.request(
        request.params.scanId,
        request.body.contact,
        request.body.phoneNumber,
      );
      return reply.status(201).send(call);
    },
  );

  app.get(
    '/scans/:scanId/calls',
    {
      preHandler: rateLimit(callRateLimits.read),
      schema: {
        params: scanIdParamsSchema,
        response: { 200: z.object({ items: z.array(callSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await service.ofScan(request.params.scanId) };
    },
  );

  await app.register(async (callbacks) => {
    callbacks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    callbacks.post(
      '/calls/:callId/status',
      {
        preHandler: rateLimit(callRateLimits.callback),
        schema: {
          params: z.strictObject({ callId: z.string().min(1).max(64) }),
          querystring: z.object({ token: z.string().max(64).default('') }),
          body: statusReportSchema,
        },
      },
      async (request, reply) => {
        const { callId } = request.params as { callId: string };
        const { token } = request.query as { token: string };
        const body = request.body as z.infer<typeof statusReportSchema>;
        const found = await service.settle(callId, token, {
          callSid: body.CallSid,
          status: body.Status,
          durationSeconds: body.ConversationDuration ?? body.DialCallDuration ?? null,
        });
        if (!found) throw new AppError('CALL_NOT_FOUND');
        return reply.status(200).send({ ok: true });
      },
    );
  });
};
