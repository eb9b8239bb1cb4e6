import { PHOTO_MAX_SIDE } from '@carecode/domain/messages/message.schema';
import { reencodeImage, type ReencodedImage } from '../../lib/reencode-image.ts';

/**
 * Re-encodes a finder's photo in its own format (JPEG, PNG or WebP only), at most 1600 px on its
 * longest side and without any metadata (see reencodeImage).
 */
export const reencodePhoto = (input: Buffer): Promise<ReencodedImage> =>
  reencodeImage(input, { maxSide: PHOTO_MAX_SIDE, invalid: 'PHOTO_INVALID' });
