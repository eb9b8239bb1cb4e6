import {
  locationInputSchema,
  scanHistoryQuerySchema,
  scanPageSchema,
  scanSessionSchema,
} from '@carecode/domain/scans/scan.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { isAutomatedAgent, parseDeviceInfo } from './device-info.ts';
import { createScanEventHub } from './scan-events.ts';
import { createScansRepository } from './scans.repository.ts';
import { createScansService } from './scans.service.ts';

/** Per client address and minute. Generous, since many phones share one carrier address. */
export const scanRateLimits = {
  scan: { name: 'scan', max: 60, windowSeconds: 60 },
  session: { name: 'scan-session', max: 120, windowSeconds: 60 },
  location: { name: 'scan-location', max: 30, windowSeconds: 60 },
} as const;

/** Comment lines keep proxies from closing an idle event stream. */
export const HEARTBEAT_MS = 20_000;

const scanIdParamsSchema = z.strictObject({ scanId: z.string().min(1).max(64) });
const qrIdParamsSchema = z.strictObject({ qrId: z.string().min(1).max(64) });
const noStore = 'no-store';

/**
 * Spec §7 scan calls: the scan URL in every QR, the anonymous scan session and location calls,
 * the owner's scan history, and the live event stream of new scans and locations.
 */
export const scansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const hub = createScanEventHub(app.database, app.log);
  const repository = createScansRepository(app.database.db, {
    prepareStatements: app.database.kind === 'pglite',
  });
  const service = createScansService(repository, {
    sessionSeconds: config.scanSessionSeconds,
    // An embedded PGlite database belongs to this process alone: with nobody listening here,
    // nobody listens anywhere, and the notifications are skipped. PostgreSQL always announces,
    // for the other replicas.
    shouldAnnounce: () => app.database.kind !== 'pglite' || hub.isListening(),
  });
  const openStreams = new Set<() => void>();
  const owner = { onRequest: app.authenticate };

  /** True when the request carries a valid token of this owner (the owner may see a private QR). */
  const requestIsOwner = async (request: FastifyRequest, ownerId: string) => {
    if (!request.headers.authorization) return false;
    try {
      await app.authenticate(request);
    } catch {
      return false;
    }
    return request.user?.id === ownerId;
  };

  // The URL encoded in every QR. HEAD requests and link-preview or crawler agents are sent to
  // the home page: they neither record a scan nor count against the quota. The busiest route:
  // its security headers are computed once rather than by @fastify/helmet on every request.
  app.get(
    '/qr-codes/:id/scan',
    {
      helmet: false,
      onRequest: app.securityHeaders,
      preHandler: rateLimit(scanRateLimits.scan),
      schema: { params: z.object({ id: z.string() }) },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      const userAgent = request.headers['user-agent'];
      if (request.method === 'HEAD' || isAutomatedAgent(userAgent)) {
        return reply.redirect(`${config.publicUrl}/`, 302);
      }
      const scanId = await service.recordScan(request.params.id, parseDeviceInfo(userAgent));
      if (!scanId) {
        return reply.redirect(`${config.publicUrl}/error?code=QR_NOT_FOUND`, 302);
      }
      return reply.redirect(`${config.publicUrl}/scans/${scanId}`, 302);
    },
  );

  app.get('/scans/events', { ...owner }, async (request: FastifyRequest, reply: FastifyReply) => {
    await hub.ready();
    reply.hijack();
    const res: ServerResponse = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': noStore,
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 5000\n\nevent: ready\ndata: {}\n\n');
    const unsubscribe = hub.subscribe(request.user.id, (type, data) => {
      res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(end);
      if (!res.writableEnded) res.end();
    };
    openStreams.add(end);
    res.on('close', end);
  });

  app.get(
    '/scans/:scanId',
    {
      preHandler: rateLimit(scanRateLimits.session),
      schema: { params: scanIdParamsSchema, response: { 200: scanSessionSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.getSession(request.params.scanId, (ownerId) =>
        requestIsOwner(request, ownerId),
      );
    },
  );

  app.put(
    '/scans/:scanId/location',
    {
      preHandler: rateLimit(scanRateLimits.location),
      schema: { params: scanIdParamsSchema, body: locationInputSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      await service.shareLocation(
        request.params.scanId,
        request.body.latitude,
        request.body.longitude,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/scans/',
    {
      ...owner,
      schema: { querystring: scanHistoryQuerySchema, response: { 200: scanPageSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.history(request.user.id, request.query);
    },
  );

  app.get(
    '/qr-codes/:qrId/scans',
    {
      ...owner,
      schema: {
        params: qrIdParamsSchema,
        querystring: scanHistoryQuerySchema,
        response: { 200: scanPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.history(request.user.id, request.query, request.params.qrId);
    },
  );

  // End the event streams before the server waits for open connections, then stop listening
  // and let scans still being written commit.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  app.addHook('onClose', async () => {
    await service.drain();
    await hub.close();
  });
};
