import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const profilesRoutes: FastifyPluginAsyncZod = async () => {};
