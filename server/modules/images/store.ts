import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { ImageFile } from './pipeline.ts';

/** A stored file, ready to stream. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
}

/** Where the image files live. Names are content hashes (core/images.ts MEDIA_FILE), so a file never changes. */
export interface ImageStore {
  /** What the upload call reports as `storage` (spec: cloudinary or local). */
  readonly kind: 'local' | 's3';
  put(file: ImageFile): Promise<void>;
  /** null when there is no such file. */
  get(name: string): Promise<StoredFile | null>;
  delete(names: readonly string[]): Promise<void>;
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

  async delete(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => fs.promises.rm(path.join(this.dir, name), { force: true })));
  }
}
