import type { TaxDocumentView } from '#domains/tax/document.ts';
import { uploadedImage } from '#lib/images.ts';
import { loadSharp } from '#platform/images/sharp.ts';
import type { ImageStore } from '#platform/images/store.ts';

import type { DocumentPictures } from './pdf.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The logo and signature a document's PDF draws (buildApp decorates the app with the services' one). */
    documentPictures: PictureReader;
  }
}

/** Reads a document's logo and signature from the image store as PNG (the PDF takes PNG or JPEG, the store keeps WebP). */
export class PictureReader {
  constructor(private readonly store: ImageStore) {}

  async of(view: TaxDocumentView): Promise<DocumentPictures> {
    const [logo, signature] = await Promise.all([this.png(view.supplier.logo), this.png(view.signatory.signature)]);
    return { logo, signature };
  }

  /** The image's largest WebP as PNG, alpha kept (a signature drawn on a transparent ground); null when it is gone. */
  private async png(url: string | null): Promise<Buffer | null> {
    const image = url ? uploadedImage(url) : null;
    if (!image) return null;
    const file = await this.store.get(image.name);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    const sharp = await loadSharp();
    return sharp(Buffer.concat(chunks)).png().toBuffer();
  }
}
