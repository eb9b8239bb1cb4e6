import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const scansRoutes: FastifyPluginAsyncZod = async () => {};
