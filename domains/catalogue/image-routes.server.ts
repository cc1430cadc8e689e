import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ProductAdmin } from '#domains/catalogue/admin-service.server.ts';
import {
  deleteImageBodySchema,
  fetchImageBodySchema,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
} from '#domains/catalogue/product-admin-schema.ts';
import { NOT_AN_IMAGE } from '#domains/settings/schema.ts';
import { invalid, isDomainError, tooLarge } from '#lib/errors.ts';
import { mediaFile, uploadedImage } from '#lib/images.ts';
import { parseInput } from '#platform/http/errors.ts';
import { STAFF_MAY } from '#platform/http/require-admin.ts';
import type { ImageLibrary } from '#platform/images/library.ts';
import { INVALID_FILE_TYPE } from '#platform/images/pipeline.ts';
import type { ImageStore } from '#platform/images/store.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const TOO_MANY = `Maximum ${MAX_PRODUCT_IMAGES} images allowed`;
const NOT_MULTIPART = 'Send the images as multipart/form-data in the field images';

/** Multipart's own refusals, worded like the product dialog's own checks ('File too large', 'Maximum 3 images allowed'). */
function uploadRefusal(error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('File too large: at most 5 MB an image');
  if (code === 'FST_FILES_LIMIT') return invalid(TOO_MANY);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalid(NOT_MULTIPART);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid('Send only the images, in the field images');
  if (isDomainError(error)) return error;
  // Whatever else the parser meets is the body's fault: cut off, malformed, or not multipart after all.
  return invalid('The upload could not be read: send the images as multipart/form-data in the field images');
}

/** The files of a multipart upload's field `images`, read whole (refused as the product dialog words it). */
async function uploadedFiles(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw invalid(NOT_MULTIPART);
  const uploads: Buffer[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'images') throw invalid('Send the images in the field images');
      uploads.push(await part.toBuffer());
    }
  } catch (error) {
    throw uploadRefusal(error);
  }
  if (uploads.length === 0) throw invalid('No image received: send them in the field images');
  return uploads;
}

/**
 * POST /api/admin/upload-images and DELETE /api/admin/delete-image, the dialog's image calls, and POST
 * /api/admin/fetch-image: a photo from another website, kept as an upload.
 */
export function imageAdminRoutes(library: ImageLibrary, products: ProductAdmin) {
  const { store } = library;
  return async function routes(app: FastifyInstance): Promise<void> {
    // The files still being made are written before the app lets go of the store.
    app.addHook('onClose', () => library.settled());
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 0, fieldNameSize: 20 },
    });

    app.post('/admin/upload-images', STAFF_MAY, async (request) => {
      const uploads = await uploadedFiles(request);
      // One at a time: each decode holds a full picture in memory.
      const imageUrls: string[] = [];
      for (const upload of uploads) imageUrls.push(await library.add(upload));
      return { imageUrls, storage: store.kind };
    });

    /**
     * The shop's logo or signature (administrators only, like the settings that name it): one picture, kept as product
     * photos are (its transparency too: a signature's PNG stays see-through in its WebP), saved by the documents section.
     */
    app.post('/admin/settings/images', async (request) => {
      const uploads = await uploadedFiles(request);
      const [upload] = uploads;
      if (!upload || uploads.length > 1) throw invalid('Send one image: the logo or the signature');
      try {
        return { imageUrls: [await library.add(upload)], storage: store.kind };
      } catch (error) {
        // The product dialog's 'Invalid file type', said so that whoever set up the shop knows what to send.
        if (isDomainError(error) && error.message === INVALID_FILE_TYPE) throw invalid(NOT_AN_IMAGE, { images: NOT_AN_IMAGE });
        throw error;
      }
    });

    app.post('/admin/fetch-image', STAFF_MAY, async (request) => {
      const { url } = parseInput(fetchImageBodySchema, request.body, 'address');
      return { imageUrls: [await library.addFromAddress(url)], storage: store.kind };
    });

    app.delete('/admin/delete-image', STAFF_MAY, async (request) => {
      const { imageUrl } = parseInput(deleteImageBodySchema, request.body, 'image');
      const image = uploadedImage(imageUrl);
      // A product (this one before it is saved, or another) still showing the image, at any width, keeps its files.
      if (!image || (await products.imageInUse(image.hash))) return { imageUrl, deleted: false };
      // Only a name the store holds; every file of that image goes with it, whichever width the URL named.
      return { imageUrl, deleted: await library.remove(image.name) };
    });
  };
}

/** GET /media/{name}: an uploaded image's file; names are content hashes, so browsers keep them for a year. */
export function mediaRoutes(store: ImageStore) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
      const { name } = request.params;
      const wanted = mediaFile(name);
      const file = wanted ? await store.get(name) : null;
      if (file) {
        return reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
          .send(file.body);
      }
      // An AVIF file is made after the upload is answered: until it is there, the WebP file of that width serves.
      const webp = wanted?.format === 'avif' ? `${wanted.hash}-${wanted.width}.webp` : null;
      if (webp && (await store.has(webp))) return reply.header('cache-control', 'no-store').redirect(`/media/${webp}`, 307);
      return reply.status(404).type('text/plain; charset=utf-8').send('Image not found');
    });
  };
}
