import { createHash, randomBytes } from 'node:crypto';

/** How a one-time token is kept: its SHA-256, so the database never holds a usable link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token for a mailed link (128 random bits, URL-safe) and the hash to store for it. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, hash: hashToken(token) };
}
