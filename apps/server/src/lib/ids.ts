import { randomFillSync } from 'node:crypto';

/** Random bytes drawn from the system's generator in blocks: one call per 256 ids, not per id. */
const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

/**
 * 128 random bits, URL-safe (22 characters). Used for QR, scan and public profile ids. Each id
 * takes fresh bytes from the pool; no byte is handed out twice.
 */
export function newId(bytes = 16): string {
  if (bytes > POOL_SIZE) throw new RangeError(`newId: at most ${POOL_SIZE} bytes`);
  if (offset + bytes > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + bytes);
  offset += bytes;
  return id;
}
