import { randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe (22 characters). Used for QR, scan and public profile ids. */
export function newId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}
