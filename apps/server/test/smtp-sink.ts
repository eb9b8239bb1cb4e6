import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every mail it receives, parsed. */
export interface SmtpSink {
  url: string;
  mails: ParsedMail[];
  /** Waits for the `count`-th mail (1-based) and answers it. */
  nth(count: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** `port`: listen there (a server may already be configured to send to it); default any. */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async nth(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`no mail #${count} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails[count - 1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
