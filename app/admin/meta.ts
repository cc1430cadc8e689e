import { noindexNofollowMeta } from '#app/lib/meta.ts';

/** Title and description of an admin page; never indexed. */
export function adminMeta(matches: Parameters<typeof noindexNofollowMeta>[0], title: string) {
  return noindexNofollowMeta(matches, `${title} · Admin`, 'The shop’s admin panel.');
}
