import { metaLanguage, metaT, pageMeta } from '#app/lib/meta.ts';
import { FEATURED_PRODUCTS_ON_ARTICLE, LATEST_ARTICLES, RELATED_ON_ARTICLE, solutionLinks } from '#domains/blog/model.ts';
import { Article } from '#domains/blog/ui/Article.tsx';
import { BlogIndex } from '#domains/blog/ui/BlogIndex.tsx';
import { languageOfPath, pathIn } from '#lib/language.ts';

import type { Route } from './+types/blog-post.ts';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaT(matches);
  return data?.kind === 'post'
    ? [...pageMeta(matches, data.post.title, data.post.description), { property: 'og:type', content: 'article' }]
    : [
        ...pageMeta(
          matches,
          t('Blog: plastic-free dining in Kerala'),
          t('Guides on biodegradable tableware, composting and Kerala’s plastic rules.'),
        ),
        { tagName: 'link', rel: 'canonical', href: pathIn(metaLanguage(matches), '/blog') },
      ];
};

/** A known slug shows its article; any other slug shows the blog index, not a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const post = context.blog.get(params.slug);
  if (!post) return { kind: 'index' as const, latest: context.blog.list().slice(0, LATEST_ARTICLES) };
  // The article's product cards named in the page's language.
  const language = languageOfPath(new URL(request.url).pathname);
  const featuredProducts = (await context.catalogue.listProducts({ featured: true }, language)).slice(
    0,
    FEATURED_PRODUCTS_ON_ARTICLE,
  );
  return {
    kind: 'post' as const,
    post,
    related: context.blog.related(post, RELATED_ON_ARTICLE),
    featuredProducts,
    // The cards' options come with the page (see the products route).
    variations: await context.catalogue.variationsOf(featuredProducts),
    solutions: solutionLinks(post.keywords),
  };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'index') return <BlogIndex latest={loaderData.latest} />;
  return <Article {...loaderData} />;
}
