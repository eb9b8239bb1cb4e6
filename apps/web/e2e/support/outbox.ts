import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The newest mail the server wrote to `outbox` (DATA_DIR/outbox, where mail goes when no SMTP
 * server is configured) for `to` whose subject is `subject`, waiting up to 10 s for it.
 */
export async function mailTo(outbox: string, to: string, subject: string): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(outbox, file)));
      const recipient = mail.to && 'text' in mail.to ? mail.to.text : '';
      if (recipient === to && mail.subject === subject) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The app link to `pathname` (with its `?token=`) in a mail's text, pointed at `baseUrl`. */
export function linkIn(mail: ParsedMail, pathname: string, baseUrl: string): string {
  const match = new RegExp(`https?://[^\\s]+${pathname}\\?token=[A-Za-z0-9_.-]+`).exec(
    mail.text ?? '',
  );
  if (!match) throw new Error(`no ${pathname} link in the mail`);
  return match[0].replace(/^https?:\/\/[^/]+/, baseUrl);
}
