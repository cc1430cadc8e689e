import { createHash } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { demoCatalogue } from '#platform/db/seed/catalogue.ts';
import { drawProductArt } from '#platform/db/seed/product-art.ts';

interface Drawing {
  svg: string;
  etag: string;
}

/** The demo catalogue's product images, drawn by the project on first request and kept in memory. */
export async function demoArtRoutes(app: FastifyInstance): Promise<void> {
  let drawings: Map<string, Drawing> | null = null;
  const draw = () => {
    const map = new Map<string, Drawing>();
    for (const product of demoCatalogue) {
      product.images.forEach((art, index) => {
        const svg = drawProductArt(art, index);
        map.set(`${art.file}.svg`, { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` });
      });
    }
    return map;
  };

  app.get<{ Params: { file: string } }>('/images/products/:file', async (request, reply) => {
    drawings ??= draw();
    const drawing = drawings.get(request.params.file);
    if (!drawing) return reply.status(404).type('text/plain; charset=utf-8').send('Image not found');
    reply.header('cache-control', 'public, max-age=86400').header('etag', drawing.etag);
    if (request.headers['if-none-match'] === drawing.etag) return reply.status(304).send();
    return reply.type('image/svg+xml').send(drawing.svg);
  });
}
