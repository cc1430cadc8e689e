import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

import type * as S3Sdk from '@aws-sdk/client-s3';

import { mediaFile } from '#lib/images.ts';

import type { ImageFile } from './pipeline.ts';

/** A stored file, ready to stream. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
}

/** A stored file's name and when it was written. */
interface StoredEntry {
  name: string;
  modified: Date;
}

/** Where the image files live. Names are content hashes (lib/images.ts mediaFile), so a file never changes. */
export interface ImageStore {
  /** What the upload call reports as `storage`: where the files are kept, 'local' or 's3' (no Cloudinary here). */
  readonly kind: 'local' | 's3';
  put(file: ImageFile): Promise<void>;
  /** null when there is no such file. */
  get(name: string): Promise<StoredFile | null>;
  has(name: string): Promise<boolean>;
  delete(names: readonly string[]): Promise<void>;
  /** The image files whose names start with `prefix` (all of them without one); anything else kept there is left out. */
  list(prefix?: string): AsyncIterable<StoredEntry>;
}

/** The configured store: S3-compatible storage when IMAGE_STORE_URL is set, else files under DATA_DIR/uploads. */
export function openImageStore(config: { imageStoreUrl: string | undefined; dataDir: string }): ImageStore {
  return config.imageStoreUrl
    ? new S3ImageStore(config.imageStoreUrl)
    : new LocalImageStore(path.join(config.dataDir, UPLOADS_DIR));
}

/** Under DATA_DIR: where the local store keeps the files (the backup copies it). */
export const UPLOADS_DIR = 'uploads';

const CONTENT_TYPES: Record<string, string> = { '.avif': 'image/avif', '.webp': 'image/webp' };

/** Files under one directory (DATA_DIR/uploads by default); each written whole, then renamed into place. */
export class LocalImageStore implements ImageStore {
  readonly kind = 'local';

  constructor(private readonly dir: string) {}

  async put(file: ImageFile): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const partial = path.join(this.dir, `.${file.name}.${randomUUID()}`);
    await fs.promises.writeFile(partial, file.bytes);
    await fs.promises.rename(partial, path.join(this.dir, file.name));
  }

  async get(name: string): Promise<StoredFile | null> {
    const file = path.join(this.dir, name);
    try {
      const { size } = await fs.promises.stat(file);
      return {
        body: fs.createReadStream(file),
        contentType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
        size,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(name: string): Promise<boolean> {
    return fs.promises.stat(path.join(this.dir, name)).then(
      (stat) => stat.isFile(),
      () => false,
    );
  }

  async delete(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => fs.promises.rm(path.join(this.dir, name), { force: true })));
  }

  async *list(prefix = ''): AsyncIterable<StoredEntry> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      if (!name.startsWith(prefix) || !mediaFile(name)) continue;
      const stat = await fs.promises.stat(path.join(this.dir, name)).catch(() => null);
      if (stat) yield { name, modified: stat.mtime };
    }
  }
}

/**
 * S3-compatible object storage, so several app processes share the images. Configured by one URL,
 * https://<access key>:<secret>@<endpoint>/<bucket>?region=<region> (path-style addressing, which every
 * S3-compatible server accepts).
 */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  /**
   * The SDK and its client, the SDK loaded once the store is made: a shop that keeps its images on its own disk does
   * not hold its 5 MB (docs/decisions/514-embedded-database-memory.md).
   */
  private readonly client: Promise<{ sdk: typeof S3Sdk; s3: S3Sdk.S3Client }>;
  private readonly bucket: string;

  constructor(url: string) {
    const address = new URL(url);
    const bucket = decodeURIComponent(address.pathname.replace(/^\/+|\/+$/g, ''));
    if (!bucket || !address.username || !address.password) {
      throw new Error('IMAGE_STORE_URL must look like https://<access key>:<secret>@<endpoint>/<bucket>');
    }
    this.bucket = bucket;
    this.client = import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        endpoint: `${address.protocol}//${address.host}`,
        region: address.searchParams.get('region') ?? 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: decodeURIComponent(address.username), secretAccessKey: decodeURIComponent(address.password) },
      }),
    }));
  }

  async put(file: ImageFile): Promise<void> {
    const { sdk, s3 } = await this.client;
    await s3.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: file.name, Body: file.bytes, ContentType: file.contentType }),
    );
  }

  async get(name: string): Promise<StoredFile | null> {
    const { sdk, s3 } = await this.client;
    try {
      const object = await s3.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: name }));
      if (!(object.Body instanceof Readable)) return null;
      return {
        body: object.Body,
        contentType: object.ContentType ?? CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
        size: object.ContentLength ?? 0,
      };
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  async has(name: string): Promise<boolean> {
    const { sdk, s3 } = await this.client;
    try {
      await s3.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound' || error instanceof sdk.NoSuchKey) return false;
      throw error;
    }
  }

  async delete(names: readonly string[]): Promise<void> {
    const { sdk, s3 } = await this.client;
    await Promise.all(names.map((name) => s3.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: name }))));
  }

  async *list(prefix = ''): AsyncIterable<StoredEntry> {
    const { sdk, s3 } = await this.client;
    let token: string | undefined;
    do {
      const page = await s3.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        // An object of unknown age counts as new, so a sweep never takes it.
        if (object.Key && mediaFile(object.Key)) yield { name: object.Key, modified: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    void this.client.then(({ s3 }) => s3.destroy());
  }
}
