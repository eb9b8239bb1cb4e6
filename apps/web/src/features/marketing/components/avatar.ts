import { createAvatar } from '@dicebear/core';
import { lorelei } from '@dicebear/collection';

/**
 * An illustrated avatar drawn in the browser (Lorelei, CC0), as a data URI: the page makes no
 * request to an avatar service, so visitors are not tracked by one.
 */
export function avatarDataUri(seed: string, backgroundColor: string): string {
  return createAvatar(lorelei, { seed, size: 96, backgroundColor: [backgroundColor] }).toDataUri();
}
