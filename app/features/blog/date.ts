const format = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** '12 January 2026' from '2026-01-12', the same on server and browser. */
export function formatArticleDate(isoDate: string): string {
  return format.format(new Date(`${isoDate}T00:00:00+05:30`));
}
