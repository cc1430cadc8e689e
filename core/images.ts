/**
 * Uploaded product images: each is kept as AVIF and WebP at the standard widths below its own and at its own width
 * (at most the largest standard one). The product keeps the URL of its largest WebP, /media/<hash>-<width>.webp;
 * every other file's name follows from it.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
const LARGEST_WIDTH = 1280;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const MEDIA_PREFIX = '/media/';
const UPLOADED = /^\/media\/([0-9a-f]{20})-(\d{1,4})\.webp$/;
/** A stored file's name: what /media/ serves and the stores keep. */
export const MEDIA_FILE = /^[0-9a-f]{20}-\d{1,4}\.(avif|webp)$/;

/** The widths an image of this width is kept at. */
export function widthsUpTo(width: number): number[] {
  const top = Math.min(width, LARGEST_WIDTH);
  return [...IMAGE_WIDTHS.filter((w) => w < top), top];
}

/** The files of an uploaded image's URL, by format, each with its width; null for any other URL. */
export function uploadedImage(url: string): { hash: string; widths: number[] } | null {
  const [, hash, width] = UPLOADED.exec(url) ?? [];
  if (!hash || !width) return null;
  return { hash, widths: widthsUpTo(Number(width)) };
}

/** A `srcset` of an uploaded image in one format; null for any other URL. */
export function srcSet(url: string, format: ImageFormat): string | null {
  const image = uploadedImage(url);
  if (!image) return null;
  return image.widths.map((w) => `${MEDIA_PREFIX}${image.hash}-${w}.${format} ${w}w`).join(', ');
}

/** Every stored file name of an uploaded image's URL ([] for any other URL). */
export function mediaFiles(url: string): string[] {
  const image = uploadedImage(url);
  if (!image) return [];
  return image.widths.flatMap((w) => IMAGE_FORMATS.map((format) => `${image.hash}-${w}.${format}`));
}
