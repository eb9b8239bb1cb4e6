import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const qrCodesRoutes: FastifyPluginAsyncZod = async () => {};
