import { locationConsentInputSchema } from '@carecode/domain/consents/consent.schema';
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
import { AppError } from '../../lib/app-error.ts';
import { preferredLanguage } from '../../lib/language.ts';
import {
  clientAddressKey,
  rateLimit,
  type LimitedResponder,
} from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { isAutomatedAgent, parseDeviceInfo } from './device-info.ts';
import { renderScanHelpPage, type ScanHelpReason } from './scan-help-page.ts';

const addressOf = (request: FastifyRequest) => clientAddressKey(request.ip);
const paramOf = (request: FastifyRequest, name: string) =>
  String((request.params as Record<string, unknown>)[name] ?? '').slice(0, 64);

/**
 * Per minute. Many phones in India share one public address (carrier-grade NAT), so the scan URL
 * counts each QR from an address on its own, under a higher ceiling for the address across QRs;
 * the scan page's calls likewise count per scan, under a ceiling per address.
 */
export const scanRateLimits = {
  scan: {
    name: 'scan',
    max: 60,
    windowSeconds: 60,
    keyOf: (request: FastifyRequest) => `${addressOf(request)}|${paramOf(request, 'id')}`,
  },
  scanPerAddress: { name: 'scan-address', max: 600, windowSeconds: 60 },
  session: {
    name: 'scan-session',
    max: 60,
    windowSeconds: 60,
    keyOf: (request: FastifyRequest) => `${addressOf(request)}|${paramOf(request, 'scanId')}`,
  },
  sessionPerAddress: { name: 'scan-session-address', max: 1200, windowSeconds: 60 },
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
  const { service, hub, repository } = app.scans;
  const openStreams = new Set<() => void>();
  app.metrics.gaugeOf(
    'event_stream_clients',
    'Owners connected to the live scan stream on this server',
    () => openStreams.size,
  );
  const owner = { onRequest: app.authenticate };

  /** The help page in the scanner's language: emergency numbers whatever went wrong. */
  const sendHelpPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    reason: ScanHelpReason,
    retryAfterSeconds?: number,
  ) =>
    reply
      .status(status)
      .header('cache-control', noStore)
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(
        renderScanHelpPage({
          reason,
          language: preferredLanguage(request.headers['accept-language']),
          supportEmail: config.supportEmail,
          retryAfterSeconds,
          retryUrl: `${config.apiBaseUrl}/qr-codes/${encodeURIComponent(paramOf(request, 'id'))}/scan`,
        }),
      );
  const scanUrlBusy: LimitedResponder = (request, reply, seconds) =>
    sendHelpPage(request, reply, 429, 'busy', seconds);

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
      preHandler: rateLimit([scanRateLimits.scan, scanRateLimits.scanPerAddress], scanUrlBusy),
      schema: { params: z.object({ id: z.string() }) },
      // Whatever fails (text that cannot be stored, the database away), a person gets help.
      errorHandler: (error, request, reply) => {
        const status =
          error instanceof AppError
            ? error.status
            : ((error as { statusCode?: number }).statusCode ?? 500);
        if (status >= 500) request.log.error({ err: error }, 'scan URL failed');
        return status >= 500
          ? sendHelpPage(request, reply, 503, 'unavailable')
          : sendHelpPage(request, reply, 404, 'not-found');
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      const userAgent = request.headers['user-agent'];
      if (request.method === 'HEAD' || isAutomatedAgent(userAgent)) {
        return reply.redirect(`${config.publicUrl}/`, 302);
      }
      const scanId = await service.recordScan(
        request.params.id,
        parseDeviceInfo(userAgent),
        addressOf(request),
      );
      if (!scanId) return sendHelpPage(request, reply, 404, 'not-found');
      return reply.redirect(`${config.publicUrl}/scans/${scanId}`, 302);
    },
  );

  /**
   * An event stream of what `key` listens for (an owner's id, or `scan:{scanId}` for a scanner's
   * page) that ends after `lifetimeMs` with an `expired` event; the browser then opens a new one.
   */
  const openEventStream = async (reply: FastifyReply, key: string, lifetimeMs: number) => {
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
    const unsubscribe = hub.subscribe(key, (events) => {
      res.write(
        events
          .map(({ type, data }) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`)
          .join(''),
      );
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const expiry = setTimeout(
      () => {
        res.write('event: expired\ndata: {}\n\n');
        end();
      },
      Math.min(Math.max(0, lifetimeMs), 2 ** 31 - 1),
    );
    const end = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      openStreams.delete(end);
      if (!res.writableEnded) res.end();
    };
    openStreams.add(end);
    res.on('close', end);
  };

  // Scanners' locations go only to a valid token: at its expiry the stream ends, and the app
  // opens a new one with its renewed token.
  app.get('/scans/events', { ...owner }, async (request: FastifyRequest, reply: FastifyReply) =>
    openEventStream(reply, request.user.id, request.user.tokenExpiresAt - Date.now()),
  );

  // A scanner's page hears the owner's replies while its session lasts (a conversation keeps it
  // open); the stream ends at the session's end as it stood, and a new one checks again.
  app.get(
    '/scans/:scanId/events',
    {
      preHandler: rateLimit([scanRateLimits.session, scanRateLimits.sessionPerAddress]),
      schema: { params: scanIdParamsSchema },
    },
    async (request, reply) => {
      const remaining = await repository.sessionRemainingMs(request.params.scanId);
      if (remaining === undefined) throw new AppError('SCAN_NOT_FOUND');
      if (remaining <= 0) throw new AppError('SCAN_EXPIRED');
      return openEventStream(reply, `scan:${request.params.scanId}`, remaining);
    },
  );

  app.get(
    '/scans/:scanId',
    {
      preHandler: rateLimit([scanRateLimits.session, scanRateLimits.sessionPerAddress]),
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

  app.post(
    '/scans/:scanId/location-consent',
    {
      preHandler: rateLimit(scanRateLimits.location),
      schema: { params: scanIdParamsSchema, body: locationConsentInputSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      await service.recordLocationConsent(
        request.params.scanId,
        request.body.granted,
        request.body.textVersion,
      );
      return reply.status(204).send();
    },
  );

  // The owner erases a location a scanner shared (the scan itself stays in the history).
  app.delete(
    '/scans/:scanId/location',
    { ...owner, schema: { params: scanIdParamsSchema } },
    async (request, reply) => {
      await service.eraseLocation(request.user.id, request.params.scanId);
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

  // End the event streams before the server waits for open connections (the scans plugin then
  // stops listening and lets scans still being written commit).
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
};
