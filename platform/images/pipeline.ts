import { createHash } from 'node:crypto';

import type { Sharp } from 'sharp';

import { invalid, isDomainError } from '#lib/errors.ts';
import { type ImageFormat, widthsUpTo } from '#lib/images.ts';

import { loadSharp } from './sharp.ts';

/**
 * The formats read from an upload's bytes (sharp names AVIF and HEIC both 'heif'). What a name or header says is never
 * asked. An animated GIF or WebP gives its first frame (sharp reads one page unless told otherwise).
 */
const READABLE = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);
/**
 * 50 megapixels: the largest phone photos (8160 × 6120). Anything larger is refused before it is decoded, so a small
 * file that claims to be an enormous picture (a decompression bomb) costs nothing.
 */
const MAX_INPUT_PIXELS = 50_000_000;
export const INVALID_FILE_TYPE = 'Invalid file type';

const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 75 }),
};

export interface ImageFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** A photo decoded once: upright, at the largest width kept, named by its content. */
export interface DecodedImage {
  hash: string;
  widths: number[];
  /** The name the product keeps (its largest WebP); the other files follow from it (lib/images.ts). */
  name: string;
  pixels: { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Reads an upload's bytes into pixels: the original is never kept or served, so its EXIF (a phone photo's GPS
 * position), anything appended to it (a polyglot) and its declared type are gone. Refuses what is not a JPEG, PNG,
 * WebP, GIF or AVIF/HEIC picture, a truncated file and a pixel bomb.
 */
export async function decodeImage(upload: Buffer): Promise<DecodedImage> {
  const sharp = await loadSharp();
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
  const top = widths[widths.length - 1] ?? width;
  try {
    const { data, info } = await input().rotate().resize({ width: top }).raw().toBuffer({ resolveWithObject: true });
    return {
      hash,
      widths,
      name: `${hash}-${top}.webp`,
      pixels: { data, width: info.width, height: info.height, channels: info.channels },
    };
  } catch {
    throw invalid(INVALID_FILE_TYPE);
  }
}

/** One file of a decoded photo: the format at one of its widths. */
export async function encodeFile(image: DecodedImage, width: number, format: ImageFormat): Promise<ImageFile> {
  const { data, ...raw } = image.pixels;
  const sharp = await loadSharp();
  return {
    name: `${image.hash}-${width}.${format}`,
    contentType: `image/${format}`,
    bytes: await ENCODE[format](sharp(data, { raw }).resize({ width })).toBuffer(),
  };
}
