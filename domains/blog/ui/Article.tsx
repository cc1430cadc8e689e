import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';

import { useLanguage, useT } from '#app/lib/language.ts';
import { breadcrumbJsonLd } from '#app/lib/meta.ts';
import { JsonLd } from '#app/ui/JsonLd.tsx';
import { Link } from '#app/ui/LocalLink.tsx';
import { Titled } from '#app/ui/Titled.tsx';
import { type BlogPost, type BlogPostMeta, type SolutionLink, TOPIC_NAMES } from '#domains/blog/model.ts';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { ProductCard } from '#domains/catalogue/ui/ProductCard.tsx';
import { useShop } from '#domains/settings/ui/shop.ts';
import { dateText } from '#lib/calendar.ts';
import { pathIn } from '#lib/language.ts';

import { ArticleList } from './ArticleCard.tsx';

interface ArticleProps {
  post: BlogPost;
  related: BlogPostMeta[];
  featuredProducts: Product[];
  variations: Record<number, ProductVariation[]>;
  solutions: SolutionLink[];
}

export function Article({ post, related, featuredProducts, variations, solutions }: ArticleProps) {
  const shop = useShop();
  const t = useT();
  const language = useLanguage();
  return (
    <article className="container-page py-10">
      <JsonLd data={blogPostingJsonLd(post, shop.name)} />
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: t('Blog'), path: pathIn(language, '/blog') },
            { name: post.title, path: pathIn(language, post.url) },
          ],
          language,
        )}
      />
      <Link to="/blog" className="btn-ghost -ml-4">
        <ArrowLeft aria-hidden="true" className="size-4" /> {t('Back to Blog')}
      </Link>
      <header className="mx-auto mt-4 max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-leaf-700 uppercase">{t(TOPIC_NAMES[post.category])}</p>
        <h1 className="mt-2 text-3xl font-extrabold text-leaf-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-3 text-sm text-stone-600">
          {t('By {author}', { author: post.author })} · <time dateTime={post.date}>{dateText(post.date, language)}</time> ·{' '}
          {post.readTime}
        </p>
      </header>

      {post.toc.length > 0 && (
        <nav aria-labelledby="toc-title" className="mx-auto mt-8 max-w-3xl rounded-xl bg-leaf-50 p-6">
          <h2 id="toc-title" className="font-semibold text-leaf-900">
            {t('In this guide')}
          </h2>
          <ol className="mt-2 list-decimal pl-6">
            {post.toc.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`} className="tap text-leaf-700 underline underline-offset-2">
                  {entry.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      {/* The project's own Markdown, rendered at start: trusted. */}
      <div className="prose-article mx-auto mt-8 max-w-3xl text-stone-800" dangerouslySetInnerHTML={{ __html: post.html }} />

      <aside aria-labelledby="cta-title" className="mx-auto mt-12 max-w-3xl rounded-2xl bg-leaf-800 p-8 text-center text-white">
        <h2 id="cta-title" className="text-2xl font-bold">
          {post.cta.title}
        </h2>
        <p className="mt-3 text-leaf-100">{post.cta.text}</p>
        <Link to={post.cta.href} className="btn mt-6 bg-white text-leaf-800 hover:bg-leaf-50">
          {post.cta.label} <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </aside>

      <Titled
        as="aside"
        id="solutions-title"
        title={t('Explore Related Solutions')}
        className="mx-auto mt-12 max-w-3xl"
        heading="text-xl"
      >
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {solutions.map((link) => (
            <li key={link.href}>
              <Link
                to={link.href}
                className="flex h-full items-center justify-between gap-2 rounded-lg border border-stone-200 p-4 font-medium text-leaf-800 hover:border-leaf-700"
              >
                {t(link.label)} <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
              </Link>
            </li>
          ))}
        </ul>
      </Titled>

      <Aside id="related-title" title={t('Related articles')}>
        <ArticleList posts={related} />
      </Aside>

      <Aside id="featured-products-title" title={t('Featured products')}>
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featuredProducts.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} variations={variations[product.id]} />
            </li>
          ))}
        </ul>
      </Aside>
    </article>
  );
}

/** A section beside the article (related articles, featured products). */
function Aside({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Titled as="aside" id={id} title={title} className="mt-14" heading="text-2xl">
      {children}
    </Titled>
  );
}

/** schema.org BlogPosting: the article's headline, author, date and publisher. */
function blogPostingJsonLd(post: BlogPost, publisher: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: publisher },
    keywords: post.keywords.join(', '),
    articleSection: post.category,
    mainEntityOfPage: post.url,
  };
}
