import { pageMeta } from '#app/lib/meta.ts';

/** Title and description of an admin page; never indexed. */
export function adminMeta(matches: Parameters<typeof pageMeta>[0], title: string) {
  return [...pageMeta(matches, `${title} · Admin`, 'The shop’s admin panel.'), { name: 'robots', content: 'noindex, nofollow' }];
}
