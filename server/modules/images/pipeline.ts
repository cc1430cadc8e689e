import { createHash } from 'node:crypto';

import sharp, { type Sharp } from 'sharp';

import { IMAGE_FORMATS, widthsUpTo } from '../../../core/images.ts';
import { invalid, isDomainError } from '../../domain/errors.ts';

/** The formats read from an upload's bytes (sharp names AVIF and HEIC both 'heif'). What a name or header says is never asked. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'heif']);
/**
 * 50 megapixels: the largest phone photos (8160 × 6120). Anything larger is refused before it is decoded, so a small
 * file that claims to be an enormous picture (a decompression bomb) costs nothing.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
export const INVALID_FILE_TYPE = 'Invalid file type';

const ENCODE: Record<(typeof IMAGE_FORMATS)[number], (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 75 }),
};

export interface ImageFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** The name the product keeps (its largest WebP); the other files follow from it (core/images.ts). */
  name: string;
  files: ImageFile[];
}

/**
 * One upload, decoded once and re-encoded into AVIF and WebP at each width up to its own: the original is never kept
 * or served, so its EXIF (a phone photo's GPS position), anything appended to it (a polyglot) and its declared type
 * are gone. Refuses what is not a JPEG, PNG, WebP or AVIF/HEIC picture, a truncated file and a pixel bomb.
 */
export async function processImage(upload: Buffer): Promise<ProcessedImage> {
  const input = () => sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true });
  let width: number;
  try {
    const meta = await input().metadata();
    if (!meta.format || !READABLE.has(meta.format) || !meta.width || !meta.height) throw invalid(INVALID_FILE_TYPE);
    // Phones store the picture sideways with an orientation tag; width is what the upright picture shows.
    width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw invalid('Image too large: at most 50 megapixels');
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw invalid(INVALID_FILE_TYPE);
  }
  const hash = createHash('sha256').update(upload).digest('hex').slice(0, 20);
  const widths = widthsUpTo(width);
  try {
    // Decoded once, upright and at the largest width kept; every file is made from these pixels.
    const top = widths[widths.length - 1];
    const { data, info } = await input().rotate().resize({ width: top }).raw().toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const files = await Promise.all(
      widths.flatMap((target) =>
        IMAGE_FORMATS.map(async (format) => ({
          name: `${hash}-${target}.${format}`,
          contentType: `image/${format}`,
          bytes: await ENCODE[format](pixels().resize({ width: target })).toBuffer(),
        })),
      ),
    );
    return { name: `${hash}-${top}.webp`, files };
  } catch {
    throw invalid(INVALID_FILE_TYPE);
  }
}
