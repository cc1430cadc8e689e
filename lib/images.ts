/**
 * Uploaded product images: each is kept as AVIF and WebP at the standard widths below its own and at its own width
 * (at most the largest standard one). The product keeps the URL of its largest WebP, /media/<hash>-<width>.webp;
 * every other file's name follows from it.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
const LARGEST_WIDTH = 1280;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const MEDIA_PREFIX = '/media/';
const FILE_NAME = /^([0-9a-f]{20})-([1-9]\d{0,3})\.(avif|webp)$/;

/**
 * A stored file's name (what /media/ serves and the stores keep) taken apart; null unless the pipeline could have made
 * it: a content hash, a width from 1 to 1280 written without leading zeros, AVIF or WebP.
 */
export function mediaFile(name: string): { hash: string; width: number; format: ImageFormat } | null {
  const [, hash, width, format] = FILE_NAME.exec(name) ?? [];
  if (!hash || !width || !format || Number(width) > LARGEST_WIDTH) return null;
  return { hash, width: Number(width), format: format as ImageFormat };
}

/** The widths an image of this width is kept at. */
export function widthsUpTo(width: number): number[] {
  const top = Math.min(width, LARGEST_WIDTH);
  return [...IMAGE_WIDTHS.filter((w) => w < top), top];
}

/**
 * An uploaded image's URL taken apart: the stored file it names, the image's content hash and the widths its files
 * have if the URL names its largest WebP (as a product keeps it); null for any other URL.
 */
export function uploadedImage(url: string): { name: string; hash: string; widths: number[] } | null {
  const name = url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : '';
  const file = mediaFile(name);
  if (!file || file.format !== 'webp') return null;
  return { name, hash: file.hash, widths: widthsUpTo(file.width) };
}

/** A `srcset` of an uploaded image in one format; null for any other URL. */
function srcSet(url: string, format: ImageFormat): string | null {
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

/**
 * Image hosts an alternative image URL may point at: the pages' CSP lets browsers load from them, and their URLs are
 * rewritten to ask for automatic format and quality at each width.
 */
export const IMAGE_HOSTS = ['res.cloudinary.com', 'images.unsplash.com'] as const;

/** What an <img> (and a <picture>'s AVIF <source>) needs to load the right file for its width. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  avifSrcSet?: string;
}

const CLOUDINARY = /^(https:\/\/res\.cloudinary\.com\/[^/]+\/image\/upload\/)(.+)$/;

function hostedAt(url: string, width?: number): string | null {
  const cloudinary = CLOUDINARY.exec(url);
  if (cloudinary) {
    const [, base, rest] = cloudinary;
    return `${base}f_auto,q_auto${width ? `,w_${width}` : ''}/${rest}`;
  }
  if (url.startsWith('https://images.unsplash.com/') && URL.canParse(url)) {
    const address = new URL(url);
    address.searchParams.set('auto', 'format');
    address.searchParams.set('q', '75');
    if (width) address.searchParams.set('w', String(width));
    return address.toString();
  }
  return null;
}

/** An image's files for each width: our uploads' AVIF and WebP, a known host's automatic format; else the URL as it is. */
export function responsiveImage(url: string): ResponsiveImage {
  if (uploadedImage(url))
    return { src: url, srcSet: srcSet(url, 'webp') ?? undefined, avifSrcSet: srcSet(url, 'avif') ?? undefined };
  const hosted = hostedAt(url);
  if (!hosted) return { src: url };
  return { src: hosted, srcSet: IMAGE_WIDTHS.map((w) => `${hostedAt(url, w)} ${w}w`).join(', ') };
}

/** One file at least `width` wide, for a small fixed-size picture (a cart line's thumbnail). */
export function imageAtWidth(url: string, width: number): string {
  const image = uploadedImage(url);
  if (image) {
    const fit = image.widths.find((w) => w >= width) ?? image.widths[image.widths.length - 1];
    return `${MEDIA_PREFIX}${image.hash}-${fit}.webp`;
  }
  return hostedAt(url, width) ?? url;
}
