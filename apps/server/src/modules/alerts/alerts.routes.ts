import {
  alertPreferencesSchema,
  guardianInputSchema,
  guardianLinkAnswerSchema,
  guardianLimits,
  guardianListSchema,
  guardianSchema,
  linkTokenSchema,
  lostInputSchema,
  lostStateSchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
  qrAlertPreferencesSchema,
} from '@carecode/domain/alerts/alert.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireQrManager } from '../organizations/organization-access.repository.ts';
import { preferredLanguage } from '../../lib/language.ts';
import { hashToken, newOneTimeToken } from '../../lib/one-time-token.ts';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { readUnsubscribeToken } from './alert-links.ts';
import { guardianInviteMail } from './alert-messages.ts';
import { createAlertSettingsRepository, type GuardianRow } from './alert-settings.repository.ts';

/** A guardian's invitation link lasts a week. */
export const GUARDIAN_LINK_DAYS = 7;

export const alertRateLimits = {
  invite: {
    name: 'guardian-invite',
    max: 20,
    windowSeconds: 3600,
    keyOf: (request: FastifyRequest) => request.user.id,
  },
  link: { name: 'alert-link', max: 30, windowSeconds: 600 },
} as const;

const qrParams = z.strictObject({ id: z.string().min(1).max(64) });
const guardianParams = qrParams.extend({ guardianId: z.string().min(1).max(64) });

const toGuardian = (row: GuardianRow) => ({
  id: row.id,
  email: row.email,
  status: row.confirmed_at ? ('CONFIRMED' as const) : ('PENDING' as const),
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * The owner's alert settings (devices, channels and quiet hours, each QR's channels, guardians,
 * lost mode) and the two links mails carry (a guardian's confirmation, one-click unsubscribe).
 */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createAlertSettingsRepository(app.database.db);
  const owner = { onRequest: app.authenticate };
  const languageOf = (request: FastifyRequest) =>
    preferredLanguage(request.headers['accept-language']);

  /**
   * A QR whose alerts, guardians and lost mode the reader may change: their own, or their
   * organisation's as its owner or an admin (a member gets 403, anyone else 404 as if missing).
   */
  const ownedQr = async (request: FastifyRequest, qrId: string) => {
    await requireQrManager(app.database.db, qrId, request.user.id);
    const qr = await repository.settingsQr(qrId);
    if (!qr) throw new AppError('QR_NOT_FOUND');
    return qr;
  };

  app.post(
    '/push-subscriptions',
    { ...owner, schema: { body: pushSubscriptionInputSchema } },
    async (request, reply) => {
      const { endpoint, expirationTime, keys } = request.body;
      await repository.saveSubscription(request.user.id, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        expiresAt: expirationTime ? new Date(expirationTime) : null,
      });
      // Pushes to this person are written in the language their app speaks.
      await repository.setLanguage(request.user.id, languageOf(request));
      return reply.status(201).send({});
    },
  );

  app.delete(
    '/push-subscriptions',
    { ...owner, schema: { body: pushSubscriptionDeleteSchema } },
    async (request, reply) => {
      await repository.deleteSubscription(request.user.id, request.body.endpoint);
      return reply.status(204).send();
    },
  );

  app.get(
    '/user/alert-preferences',
    { ...owner, schema: { response: { 200: alertPreferencesSchema } } },
    async (request) => repository.preferences(request.user.id),
  );

  app.put(
    '/user/alert-preferences',
    {
      ...owner,
      schema: { body: alertPreferencesSchema, response: { 200: alertPreferencesSchema } },
    },
    async (request) => {
      await repository.setPreferences(request.user.id, request.body);
      await repository.setLanguage(request.user.id, languageOf(request));
      return repository.preferences(request.user.id);
    },
  );

  app.get(
    '/qr-codes/:id/alert-preferences',
    { ...owner, schema: { params: qrParams, response: { 200: qrAlertPreferencesSchema } } },
    async (request) => {
      await ownedQr(request, request.params.id);
      return repository.qrPreferences(request.params.id);
    },
  );

  app.put(
    '/qr-codes/:id/alert-preferences',
    {
      ...owner,
      schema: {
        params: qrParams,
        body: qrAlertPreferencesSchema,
        response: { 200: qrAlertPreferencesSchema },
      },
    },
    async (request) => {
      await ownedQr(request, request.params.id);
      await repository.setQrPreferences(request.params.id, request.body);
      return repository.qrPreferences(request.params.id);
    },
  );

  app.get(
    '/qr-codes/:id/guardians',
    { ...owner, schema: { params: qrParams, response: { 200: guardianListSchema } } },
    async (request) => {
      await ownedQr(request, request.params.id);
      return (await repository.guardians(request.params.id)).map(toGuardian);
    },
  );

  app.post(
    '/qr-codes/:id/guardians',
    {
      ...owner,
      preHandler: rateLimit(alertRateLimits.invite),
      schema: { params: qrParams, body: guardianInputSchema, response: { 201: guardianSchema } },
    },
    async (request, reply) => {
      const qr = await ownedQr(request, request.params.id);
      const limit = guardianLimits[qr.plan];
      const { token, hash } = newOneTimeToken();
      const language = languageOf(request);
      const added = await repository.addGuardian(
        qr.id,
        {
          email: request.body.email,
          language,
          tokenHash: hash,
          expiresAt: new Date(Date.now() + GUARDIAN_LINK_DAYS * 86_400_000),
        },
        limit,
      );
      if (added === 'exists') throw new AppError('GUARDIAN_EXISTS');
      if (added === 'limit')
        throw new AppError('GUARDIAN_LIMIT', { params: { plan: qr.plan, limit } });
      const mail = guardianInviteMail(language, {
        ownerEmail: request.user.email ?? '',
        qrName: qr.name,
        confirmUrl: `${app.config.publicUrl}/guardians/confirm?token=${token}`,
      });
      try {
        await app.mailer.send({ to: request.body.email, ...mail });
      } catch (error) {
        // Nothing half-done: without the mail the invitation is withdrawn.
        await repository.removeGuardian(qr.id, added.id);
        throw error;
      }
      return reply.status(201).send(toGuardian(added));
    },
  );

  app.delete(
    '/qr-codes/:id/guardians/:guardianId',
    { ...owner, schema: { params: guardianParams } },
    async (request, reply) => {
      await ownedQr(request, request.params.id);
      if (!(await repository.removeGuardian(request.params.id, request.params.guardianId))) {
        throw new AppError('GUARDIAN_NOT_FOUND');
      }
      return reply.status(204).send();
    },
  );

  app.post(
    '/guardians/confirm',
    {
      preHandler: rateLimit(alertRateLimits.link),
      schema: { body: linkTokenSchema, response: { 200: guardianLinkAnswerSchema } },
    },
    async (request) => {
      const confirmed = await repository.confirmGuardian(
        hashToken(request.body.token),
        languageOf(request),
      );
      if (!confirmed) throw new AppError('GUARDIAN_LINK_INVALID');
      return confirmed;
    },
  );

  // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form
  // to the URL in the List-Unsubscribe header (token in the query); the web page posts JSON.
  await app.register(async (unsubscribe) => {
    unsubscribe.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    unsubscribe.post(
      '/alerts/unsubscribe',
      {
        preHandler: rateLimit(alertRateLimits.link),
        schema: {
          querystring: z.object({ token: z.string().max(200).optional() }),
          body: z.object({ token: z.string().max(200).optional() }).optional(),
          response: { 200: guardianLinkAnswerSchema },
        },
      },
      async (request) => {
        const { token: queryToken } = request.query as { token?: string };
        const token = queryToken ?? (request.body as { token?: string } | undefined)?.token ?? '';
        const recipient = readUnsubscribeToken(app.alerts.keys.linkKey, token);
        if (!recipient) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
        const done =
          recipient.kind === 'owner'
            ? await repository.stopOwnerEmails(recipient.qrId)
            : recipient.kind === 'guardian'
              ? await repository.leaveAsGuardian(recipient.guardianId)
              : await repository.stopMemberEmails(recipient.userId);
        // Already gone (left before, QR deleted): the person is off these alerts all the same.
        return done ?? { qrName: '' };
      },
    );
  });

  app.put(
    '/qr-codes/:id/lost',
    {
      ...owner,
      schema: { params: qrParams, body: lostInputSchema, response: { 200: lostStateSchema } },
    },
    async (request) => {
      await ownedQr(request, request.params.id);
      const lost = await repository.setLost(
        request.params.id,
        request.body.message?.trim() ?? '',
        new Date(),
      );
      return { message: lost.message, since: lost.since.toISOString() };
    },
  );

  app.delete(
    '/qr-codes/:id/lost',
    { ...owner, schema: { params: qrParams } },
    async (request, reply) => {
      await ownedQr(request, request.params.id);
      await repository.clearLost(request.params.id);
      return reply.status(204).send();
    },
  );
};
