import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Mailer } from '../mail/mailer.ts';
import type { AlertSenders, SendResult } from './alert-dispatcher.ts';
import { unsubscribeToken } from './alert-links.ts';
import type { AlertKeys } from './alert-keys.ts';
import { alertMail, pushPayload } from './alert-messages.ts';

/** A push service's answer: 404/410 forget the device; 429 and 5xx try again; others give up. */
function pushFailure(error: unknown): SendResult {
  if (error instanceof WebPushError) {
    if (error.statusCode === 404 || error.statusCode === 410) return 'gone';
    if (error.statusCode === 429 || error.statusCode >= 500) {
      return { retry: `push service answered ${error.statusCode}` };
    }
    return { fail: `push service answered ${error.statusCode}: ${error.body}`.slice(0, 300) };
  }
  return { retry: (error as Error).message };
}

/** The channels: Web Push with the deployment's VAPID keys, and e-mail through the mailer. */
export function createAlertSenders(options: {
  keys: AlertKeys;
  mailer: Mailer;
  publicUrl: string;
  apiBaseUrl: string;
  siteHost: string;
}): AlertSenders {
  const { keys, mailer } = options;
  const mailHost = options.siteHost.replace(/:\d+$/, '');
  // Connections to the push services kept open: a burst of alerts costs one TLS handshake.
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  return {
    async push(delivery, facts, language) {
      try {
        await webpush.sendNotification(
          { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
          JSON.stringify(pushPayload(facts, language)),
          {
            vapidDetails: keys.vapid,
            TTL: 24 * 3600,
            urgency: delivery.urgent ? 'high' : 'normal',
            timeout: 10_000,
            agent,
          },
        );
        return 'sent';
      } catch (error) {
        return pushFailure(error);
      }
    },

    async email(delivery, to, facts, language, recipient) {
      const token = unsubscribeToken(keys.linkKey, recipient);
      const mail = alertMail(facts, language, {
        detailUrl: `${options.publicUrl}/qr-data/${facts.qrId}`,
        unsubscribeUrl: `${options.publicUrl}/alerts/unsubscribe?token=${token}`,
        guardian: recipient.kind === 'guardian',
      });
      await mailer.send({
        to,
        ...mail,
        messageId: `<alert-${delivery.id}@${mailHost}>`,
        headers: {
          // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to this URL.
          'List-Unsubscribe': `<${options.apiBaseUrl}/alerts/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      return 'sent';
    },

    close: () => agent.destroy(),
  };
}
