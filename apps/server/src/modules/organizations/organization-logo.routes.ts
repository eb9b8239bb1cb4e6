import multipart from '@fastify/multipart';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '@carecode/domain/organizations/branding';
import { organizationIdSchema } from '@carecode/domain/organizations/organization.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { reencodeImage } from '../../lib/reencode-image.ts';
import { clientAddressKey, rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { logoUrlOf } from './branding.ts';
import { createOrganizationBrandingRepository } from './organization-branding.repository.ts';
import { requireOrganizationRole } from './organization-access.repository.ts';

const paramsSchema = z.strictObject({ id: organizationIdSchema });
const logoQuerySchema = z.object({ v: z.string().max(20).optional() });
export const logoAnswerSchema = z.object({ logoUrl: z.string() });

/** The public logo is cached by browsers; this only stops one address hammering the database. */
export const logoReadRateLimit = {
  name: 'organization-logo-read',
  max: 300,
  windowSeconds: 60,
  keyOf: (request: FastifyRequest) => clientAddressKey(request.ip),
} as const;

/** The one file of field `logo` in a multipart form (413 past 2 MB, 400 for anything else). */
async function readLogo(request: FastifyRequest): Promise<Buffer> {
  const missing = () => new AppError('VALIDATION_FAILED', { fields: { logo: 'Required' } });
  if (!request.isMultipart()) throw missing();
  let logo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'logo' && !logo) {
        logo = await part.toBuffer();
      } else {
        if (part.type === 'file') await part.toBuffer();
        throw new AppError('VALIDATION_FAILED', { fields: { [part.fieldname]: 'Unknown field' } });
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('LOGO_TOO_LARGE');
    }
    throw error;
  }
  if (!logo?.length) throw missing();
  return logo;
}

/**
 * An organisation's logo (Business branding): admins and the owner upload it (PNG, JPEG or WebP
 * up to 2 MB, stored re-encoded as a PNG of at most 512 px without metadata) and remove it;
 * anyone reads it, since the scan pages of the organisation's codes show it.
 */
export const organizationLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createOrganizationBrandingRepository(app.database.db);

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 2 },
    });
    scope.put(
      '/organizations/:id/logo',
      {
        onRequest: app.authenticate,
        bodyLimit: LOGO_MAX_BYTES + 64 * 1024,
        schema: { params: paramsSchema, response: { 200: logoAnswerSchema } },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        await requireOrganizationRole(app.database.db, id, request.user.id, 'admin');
        const logo = await reencodeImage(await readLogo(request), {
          maxSide: LOGO_MAX_SIDE,
          invalid: 'LOGO_INVALID',
          as: 'png',
        });
        const updatedAt = await repository.set({
          organizationId: id,
          actorId: request.user.id,
          logo,
        });
        if (!updatedAt) throw new AppError('ORGANIZATION_NOT_FOUND');
        return { logoUrl: logoUrlOf(id, updatedAt)! };
      },
    );
  });

  app.delete(
    '/organizations/:id/logo',
    { onRequest: app.authenticate, schema: { params: paramsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      await requireOrganizationRole(app.database.db, id, request.user.id, 'admin');
      await repository.remove(id, request.user.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/organizations/:id/logo',
    {
      preHandler: rateLimit(logoReadRateLimit),
      schema: { params: paramsSchema, querystring: logoQuerySchema },
    },
    async (request, reply) => {
      const logo = await repository.find(request.params.id);
      if (!logo) throw new AppError('LOGO_NOT_FOUND');
      const version = String(logo.updatedAt.getTime());
      const etag = `"${version}"`;
      // The versioned address never changes its bytes: cached for a year. Any other address
      // (no `v`, or an old one) is checked again each time.
      reply
        .header(
          'cache-control',
          request.query.v === version ? 'public, max-age=31536000, immutable' : 'public, no-cache',
        )
        .header('etag', etag)
        // Shown on pages wherever they are served from (the API may live on its own host).
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', 'inline');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(logo.type).send(logo.data);
    },
  );
};
