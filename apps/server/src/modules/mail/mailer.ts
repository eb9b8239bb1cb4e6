import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe on alert mails, say). */
  headers?: Record<string, string>;
  /** A fixed Message-ID (`<…@host>`): the same alert sent twice is one message to mail clients. */
  messageId?: string;
}

export interface Mailer {
  /** Sends one mail; answers its Message-ID. */
  send(message: MailMessage): Promise<string>;
  close(): void;
}

/**
 * Mail over SMTP (`SMTP_URL`, nodemailer). Without a relay (the embedded default of `npm start`)
 * every mail is written as an `.eml` file under `DATA_DIR/outbox/`, and its subject and path are
 * logged, so a new user sees what would have been sent.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // A pool of connections: alerts in a burst do not each open (and authenticate) their own.
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 5 })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (!options.smtpUrl) {
        mkdirSync(options.outboxDir, { recursive: true });
        const file = path.join(
          options.outboxDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}.eml`,
        );
        writeFileSync(file, (info as unknown as { message: Buffer }).message);
        options.log.info(
          { subject: message.subject, to: message.to, file },
          'mail written to the outbox',
        );
      }
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
