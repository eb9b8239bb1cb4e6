import { PHOTO_MAX_SIDE } from '@carecode/domain/messages/message.schema';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

const formats = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * Re-encodes a finder's photo: only JPEG, PNG and WebP (judged by the bytes, not the name or
 * the declared type), turned upright by its EXIF orientation, at most 1600 px on its longest
 * side, and written anew without any metadata: no EXIF location, camera or time goes on.
 */
export async function reencodePhoto(input: Buffer): Promise<{ data: Buffer; type: string }> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new AppError('PHOTO_INVALID');
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
    throw new AppError('PHOTO_INVALID');
  }
  try {
    const image = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate().resize({
      width: PHOTO_MAX_SIDE,
      height: PHOTO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const data = await (
      format === 'png'
        ? image.png({ compressionLevel: 9 })
        : format === 'webp'
          ? image.webp({ quality: 82 })
          : image.jpeg({ quality: 82, mozjpeg: true })
    ).toBuffer();
    return { data, type: formats[format] };
  } catch {
    throw new AppError('PHOTO_INVALID');
  }
}
