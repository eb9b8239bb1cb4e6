import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who a one-click unsubscribe link takes off a QR's alerts: the owner's e-mail, or a guardian. */
export type LinkRecipient =
  { kind: 'owner'; qrId: string } | { kind: 'guardian'; guardianId: string };

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');

/**
 * Unsubscribe links need no stored state: the token names the recipient and carries an HMAC
 * under the deployment's link key, so every alert mail can hold one and any replica can check it.
 */
export function unsubscribeToken(key: Buffer, recipient: LinkRecipient): string {
  const payload = recipient.kind === 'owner' ? `o.${recipient.qrId}` : `g.${recipient.guardianId}`;
  return `${payload}.${sign(key, payload)}`;
}

export function readUnsubscribeToken(key: Buffer, token: string): LinkRecipient | undefined {
  const match = /^([og])\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, kind, id, signature] = match;
  const expected = Buffer.from(sign(key, `${kind}.${id}`));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
  return kind === 'o' ? { kind: 'owner', qrId: id } : { kind: 'guardian', guardianId: id };
}
