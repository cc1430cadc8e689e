import type { FastifyInstance } from 'fastify';

import { CATEGORY_VALUES } from '#domains/catalogue/categories.ts';
import type { Product } from '#domains/catalogue/model.ts';
import { HTML_LANG, LANGUAGES, pathIn } from '#lib/language.ts';
import type { Services } from '#server/services.ts';

const STATIC_PATHS = ['/', '/products', '/about', '/contact', '/blog'];

/**
 * /sitemap.xml: every public page, built from the catalogue and the blog, at the configured public address. A sitemap
 * needs absolute URLs and a request's Host header is the sender's to choose, so without PUBLIC_URL there is none.
 */
export function seoRoutes(services: Services) {
  const { publicUrl } = services;
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/sitemap.xml', async (_request, reply) => {
      if (!publicUrl) {
        return reply.status(404).type('text/plain; charset=utf-8').send('No sitemap: the shop has no PUBLIC_URL set.\n');
      }
      const products = await services.catalogue.listProducts();
      const modified = await services.catalogue.lastModified();
      const day = (date: Date | undefined) => date?.toISOString().slice(0, 10);
      const newest = (list: readonly Product[]) =>
        day(
          list
            .map((product) => modified.get(product.id))
            .reduce<Date | undefined>((a, b) => (a && b && a > b ? a : b), undefined),
        );
      const pages: Array<{ path: string; lastmod?: string }> = [
        ...STATIC_PATHS.map((path) => ({ path, lastmod: path === '/products' ? newest(products) : undefined })),
        ...CATEGORY_VALUES.map((category) => ({
          path: `/products?${new URLSearchParams({ category })}`,
          lastmod: newest(products.filter((product) => product.category === category)),
        })),
        ...products.map((product) => ({ path: `/products/${product.id}`, lastmod: day(modified.get(product.id)) })),
        ...services.blog.list().map((post) => ({ path: post.url, lastmod: post.date.slice(0, 10) })),
      ];
      // Each page in both languages, each entry naming the other as its alternate (and English as the default).
      const urls = pages
        .flatMap(({ path, lastmod }) => {
          const alternates = [
            ...LANGUAGES.map((language) => alternate(HTML_LANG[language], publicUrl + pathIn(language, path))),
            alternate('x-default', publicUrl + path),
          ].join('');
          return LANGUAGES.map(
            (language) =>
              `  <url><loc>${escapeXml(publicUrl + pathIn(language, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`,
          );
        })
        .join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
        );
    });
  };
}

const alternate = (hreflang: string, href: string) =>
  `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
