// The receiving end of alerts for a benchmark: a real SMTP server and a local Web Push service
// (HTTPS, VAPID-checked, payloads decrypted), in a process of their own so they cost the app
// nothing. Prints one JSON line with where they listen, a subscription and the VAPID pair for
// the app; then one line per alert received: {"alert": "push"|"email", "qrId", "at"}.
// Driven by bench/run.mjs; not part of the product.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { createTestCertificate, startPushEndpoint } from '../apps/server/test/push-endpoint.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'carecode-bench-sinks-'));
const certificate = await createTestCertificate(dir);
const vapid = webpush.generateVAPIDKeys();
const push = await startPushEndpoint({
  vapidPublicKey: vapid.publicKey,
  cert: certificate.cert,
  key: certificate.key,
});
const smtp = await startSmtpSink();
const subscription = push.subscribe('bench');

const qrOf = (text: string) => /\/qr-data\/([\w-]+)/.exec(text)?.[1];
let pushes = 0;
let mails = 0;
setInterval(() => {
  for (; pushes < push.received.length; pushes += 1) {
    const message = push.received[pushes];
    const qrId = qrOf(String((message.json as { url?: string })?.url ?? ''));
    console.log(JSON.stringify({ alert: 'push', qrId, at: Date.parse(message.receivedAt) }));
  }
  for (; mails < smtp.mails.length; mails += 1) {
    const qrId = qrOf(String(smtp.mails[mails].html ?? ''));
    console.log(JSON.stringify({ alert: 'email', qrId, at: Date.now() }));
  }
}, 20).unref();

console.log(
  JSON.stringify({
    smtpUrl: smtp.url,
    certFile: certificate.certFile,
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    subscription,
  }),
);

const stop = async () => {
  await push.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
