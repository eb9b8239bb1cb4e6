import type { ErrorCode } from '@carecode/domain/errors/error-catalog';
import sharp from 'sharp';
import { AppError } from './app-error.ts';

const formats = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type RasterFormat = keyof typeof formats;
const isRaster = (format: string | undefined): format is RasterFormat =>
  format === 'jpeg' || format === 'png' || format === 'webp';

export interface ReencodedImage {
  data: Buffer;
  type: string;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded picture (a finder's photo, an organisation's logo): only JPEG, PNG and
 * WebP are taken, judged by the bytes, not the name or the declared type (an SVG, which could
 * carry script, is refused); it is turned upright by its EXIF orientation, fitted within
 * `maxSide` px on its longest side, and written anew without any metadata: no EXIF location,
 * camera or time goes on. `as: 'png'` writes every input as PNG; otherwise it keeps its format.
 * Anything unreadable throws `invalid`.
 */
export async function reencodeImage(
  input: Buffer,
  options: { maxSide: number; invalid: ErrorCode; as?: 'png' },
): Promise<ReencodedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new AppError(options.invalid);
  }
  if (!isRaster(format)) throw new AppError(options.invalid);
  const output: RasterFormat = options.as ?? format;
  try {
    const image = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate().resize({
      width: options.maxSide,
      height: options.maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const { data, info } = await (
      output === 'png'
        ? image.png({ compressionLevel: 9 })
        : output === 'webp'
          ? image.webp({ quality: 82 })
          : image.jpeg({ quality: 82, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return { data, type: formats[output], width: info.width, height: info.height };
  } catch {
    throw new AppError(options.invalid);
  }
}
