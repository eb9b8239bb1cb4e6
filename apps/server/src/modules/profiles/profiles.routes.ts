import {
  ownProfileSchema,
  publicIdSchema,
  publicProfileSchema,
} from '@carecode/domain/profiles/profile.schema';
import { profileInputSchema } from '@carecode/domain/users/user.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createProfilesRepository } from './profiles.repository.ts';
import { createProfilesService } from './profiles.service.ts';

const publicParamsSchema = z.strictObject({ publicId: publicIdSchema });

/**
 * The earlier profile flow (spec §3): the owner's personal and medical profile, and the read-only
 * public view its QR code points to.
 */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createProfilesService(createProfilesRepository(app.database.db));
  // onRequest, so an anonymous call answers 401 before its body is looked at.
  const owner = { onRequest: app.authenticate };

  app.get('/profile', { ...owner, schema: { response: { 200: ownProfileSchema } } }, (request) =>
    service.getOwn(request.user),
  );

  app.put(
    '/profile',
    { ...owner, schema: { body: profileInputSchema, response: { 200: ownProfileSchema } } },
    (request) => service.update(request.user, request.body),
  );

  app.get(
    '/profiles/:publicId',
    { schema: { params: publicParamsSchema, response: { 200: publicProfileSchema } } },
    (request) => service.getPublic(request.params.publicId),
  );
};
