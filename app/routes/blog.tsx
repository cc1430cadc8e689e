import { metaT, pageMeta } from '#app/lib/meta.ts';
import { LATEST_ARTICLES, topicOfSlug } from '#domains/blog/model.ts';
import { BlogIndex } from '#domains/blog/ui/BlogIndex.tsx';

import type { Route } from './+types/blog.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(
    matches,
    t('Blog: plastic-free dining in Kerala'),
    t('Guides on biodegradable tableware, composting and Kerala’s plastic rules.'),
  );
};

/** ?topic=product-guides shows that topic's articles; an unknown topic shows them all. */
export function loader({ context, request }: Route.LoaderArgs) {
  const topic = topicOfSlug(new URL(request.url).searchParams.get('topic'));
  return { latest: context.blog.list(topic ?? undefined).slice(0, LATEST_ARTICLES), topic };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogIndex latest={loaderData.latest} topic={loaderData.topic} />;
}
