import {
  auditPageSchema,
  auditQuerySchema,
  createOrganizationInputSchema,
  invitationInputSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberRoleInputSchema,
  memberSchema,
  organizationDetailSchema,
  organizationIdSchema,
  organizationListSchema,
  organizationSchema,
  updateOrganizationInputSchema,
} from '@carecode/domain/organizations/organization.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.ts';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { createOrganizationsRepository } from './organizations.repository.ts';
import { createOrganizationsService } from './organizations.service.ts';

const idParams = z.strictObject({ id: organizationIdSchema });
const memberParams = z.strictObject({
  id: organizationIdSchema,
  userId: z.string().min(1).max(64),
});
const invitationParams = z.strictObject({
  id: organizationIdSchema,
  invitationId: z.string().min(1).max(64),
});
const tokenParams = z.strictObject({ token: z.string().min(1).max(128) });

/** Invitations mailed per admin and hour: an invitation is a mail to any address. */
export const invitationRateLimit = {
  name: 'organization-invitations',
  max: 100,
  windowSeconds: 3600,
  keyOf: (request: FastifyRequest) => request.user.id,
};

/** Looking invitation links up without an account, per client address. */
export const invitationPreviewRateLimit = {
  name: 'invitation-preview',
  max: 60,
  windowSeconds: 600,
};

/** Organisations (Business): the team, its invitations and its audit log. */
export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createOrganizationsService({
    db: app.database.db,
    repository: createOrganizationsRepository(app.database.db),
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  });
  const signedIn = { onRequest: app.authenticate };

  app.post(
    '/organizations',
    {
      ...signedIn,
      schema: { body: createOrganizationInputSchema, response: { 201: organizationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user, request.body)),
  );

  app.get(
    '/organizations',
    { ...signedIn, schema: { response: { 200: organizationListSchema } } },
    (request) => service.list(request.user.id),
  );

  app.get(
    '/organizations/:id',
    { ...signedIn, schema: { params: idParams, response: { 200: organizationDetailSchema } } },
    (request) => service.get(request.params.id, request.user.id),
  );

  app.patch(
    '/organizations/:id',
    {
      ...signedIn,
      schema: {
        params: idParams,
        body: updateOrganizationInputSchema,
        response: { 200: organizationSchema },
      },
    },
    (request) => service.update(request.params.id, request.user.id, request.body),
  );

  app.delete(
    '/organizations/:id',
    { ...signedIn, schema: { params: idParams } },
    async (request, reply) => {
      await service.remove(request.params.id, request.user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/organizations/:id/invitations',
    {
      ...signedIn,
      preHandler: rateLimit(invitationRateLimit),
      schema: {
        params: idParams,
        body: invitationInputSchema,
        response: { 201: invitationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.invite(
            request.params.id,
            request.user,
            request.body,
            requestLanguage(request),
          ),
        ),
  );

  app.delete(
    '/organizations/:id/invitations/:invitationId',
    { ...signedIn, schema: { params: invitationParams } },
    async (request, reply) => {
      await service.revokeInvitation(
        request.params.id,
        request.params.invitationId,
        request.user.id,
      );
      return reply.status(204).send();
    },
  );

  app.patch(
    '/organizations/:id/members/:userId',
    {
      ...signedIn,
      schema: {
        params: memberParams,
        body: memberRoleInputSchema,
        response: { 200: memberSchema },
      },
    },
    (request) =>
      service.changeRole(
        request.params.id,
        request.params.userId,
        request.body.role,
        request.user.id,
      ),
  );

  app.delete(
    '/organizations/:id/members/:userId',
    { ...signedIn, schema: { params: memberParams } },
    async (request, reply) => {
      await service.removeMember(request.params.id, request.params.userId, request.user.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/organizations/:id/audit',
    {
      ...signedIn,
      schema: {
        params: idParams,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-cache')
        .send(await service.audit(request.params.id, request.user.id, request.query)),
  );

  // The link in the mail: readable without an account (the page shows what it offers before
  // sign-in), accepted by whoever is signed in when they open it.
  app.get(
    '/invitations/:token',
    {
      preHandler: rateLimit(invitationPreviewRateLimit),
      schema: { params: tokenParams, response: { 200: invitationPreviewSchema } },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(await service.preview(request.params.token)),
  );

  app.post(
    '/invitations/:token/accept',
    { ...signedIn, schema: { params: tokenParams, response: { 200: organizationSchema } } },
    (request) => service.accept(request.params.token, request.user.id),
  );
};
