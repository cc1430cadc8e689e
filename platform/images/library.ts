import { MAX_IMAGE_BYTES } from '#domains/catalogue/product-admin-schema.ts';
import { mediaFile, uploadedImage } from '#lib/images.ts';

import { type DecodedImage, decodeImage, encodeFile } from './pipeline.ts';
import { RemoteImages } from './remote.ts';
import type { ImageStore } from './store.ts';

/** How long an uploaded image no product shows is kept: a dialog left open over lunch still saves its photos. */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

interface ImageLibraryOptions {
  /** The content hashes of the uploaded images that products show. */
  hashesInUse: () => Promise<ReadonlySet<string>>;
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
  /** Tests only: photos may be fetched from this machine (see RemoteImages). */
  allowLoopback?: boolean;
}

/**
 * The shop's uploaded photos: taking one in, knowing which are stored, and sweeping away those no product shows.
 *
 * A photo is answered for as soon as its WebP files are stored (every browser shows WebP, and the product keeps the
 * largest one's URL); its AVIF files, most of the work, follow in the background one at a time. Until they exist
 * /media/ sends a browser that asks for one to the WebP file of the same width (see 250-photo-answered-before-its-avif.md).
 */
export class ImageLibrary {
  private background: Promise<void> = Promise.resolve();
  /** The images whose AVIF files are still to be made, by content hash. */
  private readonly pending = new Map<string, Promise<void>>();
  private readonly now: () => Date;
  private readonly remote: RemoteImages;

  constructor(
    readonly store: ImageStore,
    private readonly options: ImageLibraryOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.remote = new RemoteImages({ maxBytes: MAX_IMAGE_BYTES, allowLoopback: options.allowLoopback });
  }

  /** A photo's bytes in, its URL (/media/<hash>-<width>.webp) out; refuses what the pipeline refuses. */
  async add(bytes: Buffer): Promise<string> {
    const image = await decodeImage(bytes);
    const webp = await Promise.all(image.widths.map((width) => encodeFile(image, width, 'webp')));
    for (const file of webp) await this.store.put(file);
    this.encodeLater(image);
    return `/media/${image.name}`;
  }

  /** A photo on another website, fetched once and taken in as an upload is: the pages never load it from there. */
  async addFromAddress(address: string): Promise<string> {
    return this.add(await this.remote.fetch(address));
  }

  /** Resolves once the files queued so far are made (tests, and the server before it stops). */
  settled(): Promise<void> {
    return this.background;
  }

  private encodeLater(image: DecodedImage): void {
    const done = this.background
      .then(async () => {
        // One at a time: the server's two cores stay free for the pages while the encoder works.
        for (const width of image.widths) await this.store.put(await encodeFile(image, width, 'avif'));
      })
      .catch((error: unknown) => {
        this.options.log?.warn({ err: error, image: image.name }, 'the AVIF files of an image could not be made');
      })
      .finally(() => {
        if (this.pending.get(image.hash) === done) this.pending.delete(image.hash);
      });
    this.pending.set(image.hash, done);
    this.background = done;
  }

  /**
   * Deletes every file of the image that the stored file `name` belongs to, whichever width it is (after its AVIF files
   * are made, so none is written after). False when no such file is stored.
   */
  async remove(name: string): Promise<boolean> {
    const file = mediaFile(name);
    if (!file) return false;
    await this.pending.get(file.hash);
    const names: string[] = [];
    for await (const entry of this.store.list(`${file.hash}-`)) names.push(entry.name);
    if (!names.includes(name)) return false;
    await this.store.delete(names);
    return true;
  }

  /** The uploaded images among `urls` whose file is not stored (e.g. swept, or never uploaded here). */
  async missing(urls: readonly string[]): Promise<string[]> {
    const missing: string[] = [];
    for (const url of urls) {
      const image = uploadedImage(url);
      if (image && !(await this.store.has(image.name))) missing.push(url);
    }
    return missing;
  }

  /**
   * Deletes every file of each uploaded image that no product shows and that was stored more than ORPHAN_AGE_MS ago:
   * photos uploaded in a dialog that was never saved, and photos a product no longer shows. Answers what went.
   */
  async sweep(): Promise<{ images: number; files: number }> {
    const cutoff = this.now().getTime() - ORPHAN_AGE_MS;
    const images = new Map<string, { names: string[]; newest: number }>();
    for await (const entry of this.store.list()) {
      const file = mediaFile(entry.name);
      if (!file) continue;
      const image = images.get(file.hash) ?? { names: [], newest: 0 };
      image.names.push(entry.name);
      image.newest = Math.max(image.newest, entry.modified.getTime());
      images.set(file.hash, image);
    }
    const old = [...images].filter(([, image]) => image.newest < cutoff);
    if (old.length === 0) return { images: 0, files: 0 };
    // Read after listing: a product saved meanwhile is counted.
    const inUse = await this.options.hashesInUse();
    const orphans = old.filter(([hash]) => !inUse.has(hash));
    for (const [, image] of orphans) await this.store.delete(image.names);
    return { images: orphans.length, files: orphans.reduce((sum, [, image]) => sum + image.names.length, 0) };
  }
}
