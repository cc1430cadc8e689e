import { pageMeta } from '../../lib/meta';

/** Title and description of an admin page; never indexed. */
export function adminMeta(title: string) {
  return [...pageMeta(`${title} · Admin`, 'The shop’s admin panel.'), { name: 'robots', content: 'noindex, nofollow' }];
}
