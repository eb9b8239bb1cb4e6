import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who a one-click unsubscribe link takes off alerts: the owner's e-mail for one QR, a guardian,
 * or an organisation's member (their e-mail alerts, as the account switch does).
 */
export type LinkRecipient =
  | { kind: 'owner'; qrId: string }
  | { kind: 'guardian'; guardianId: string }
  | { kind: 'member'; userId: string };

const prefixes = { owner: 'o', guardian: 'g', member: 'm' } as const;

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');

/**
 * Unsubscribe links need no stored state: the token names the recipient and carries an HMAC
 * under the deployment's link key, so every alert mail can hold one and any replica can check it.
 */
export function unsubscribeToken(key: Buffer, recipient: LinkRecipient): string {
  const id =
    recipient.kind === 'owner'
      ? recipient.qrId
      : recipient.kind === 'guardian'
        ? recipient.guardianId
        : recipient.userId;
  const payload = `${prefixes[recipient.kind]}.${id}`;
  return `${payload}.${sign(key, payload)}`;
}

export function readUnsubscribeToken(key: Buffer, token: string): LinkRecipient | undefined {
  const match = /^([ogm])\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, kind, id, signature] = match;
  const expected = Buffer.from(sign(key, `${kind}.${id}`));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
  if (kind === 'o') return { kind: 'owner', qrId: id };
  return kind === 'g' ? { kind: 'guardian', guardianId: id } : { kind: 'member', userId: id };
}
