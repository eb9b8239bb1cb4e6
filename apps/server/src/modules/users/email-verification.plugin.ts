import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEmailVerificationRepository } from './email-verification.repository.ts';
import {
  createEmailVerificationService,
  type EmailVerificationService,
} from './email-verification.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    emailVerification: EmailVerificationService;
  }
}

/** E-mail confirmation links, for registration (identity) and the account page (users). */
export const emailVerificationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'emailVerification',
      createEmailVerificationService({
        repository: createEmailVerificationRepository(app.database.db),
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        log: app.log.child({ module: 'email-verification' }),
      }),
    );
  },
  { name: 'email-verification', dependencies: ['database', 'mail'] },
);
