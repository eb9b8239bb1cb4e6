import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userMeSchema } from '@carecode/domain/users/user.schema';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/me',
    { preHandler: app.authenticate, schema: { response: { 200: userMeSchema } } },
    async (request) => {
      const { user } = request;
      return {
        email: user.email ?? '',
        emailVerified: user.emailVerified,
        phone: user.phone,
        plan: user.plan,
        groups: user.groups,
      };
    },
  );
};
