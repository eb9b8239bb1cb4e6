import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The app's mail: SMTP_URL when set, else .eml files under DATA_DIR/outbox/. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const mailer = createMailer({
      smtpUrl: app.config.mail.smtpUrl,
      from: app.config.mail.from,
      outboxDir: path.join(app.config.dataDir, 'outbox'),
      log: app.log.child({ module: 'mail' }),
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
