import type { FastifyInstance } from 'fastify';

import { CATEGORY_VALUES } from '../../../core/constants.ts';
import type { Services } from '../../services.ts';

const STATIC_PATHS = ['/', '/products', '/about', '/contact', '/blog'];

/**
 * /sitemap.xml: every public page, built from the catalogue and the blog, at the configured public address. A sitemap
 * needs absolute URLs and a request's Host header is the sender's to choose, so without PUBLIC_URL there is none.
 */
export function seoRoutes(services: Services, publicUrl: string | undefined) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/sitemap.xml', async (_request, reply) => {
      if (!publicUrl) {
        return reply.status(404).type('text/plain; charset=utf-8').send('No sitemap: the shop has no PUBLIC_URL set.\n');
      }
      const origin = publicUrl;
      const products = await services.catalogue.listProducts();
      const paths = [
        ...STATIC_PATHS,
        ...CATEGORY_VALUES.map((category) => `/products?${new URLSearchParams({ category })}`),
        ...products.map((product) => `/products/${product.id}`),
        ...services.blog.list().map((post) => post.url),
      ];
      const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`).join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
        );
    });
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
