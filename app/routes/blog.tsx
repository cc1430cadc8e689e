import { LATEST_ARTICLES } from '../../core/blog';
import { BlogIndex } from '../features/blog/BlogIndex';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = () =>
  pageMeta('Blog: plastic-free dining in Kerala', 'Guides on biodegradable tableware, composting and Kerala’s plastic rules.');

export function loader({ context }: Route.LoaderArgs) {
  return { latest: context.blog.list().slice(0, LATEST_ARTICLES) };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogIndex latest={loaderData.latest} />;
}
