/**
 * The page numbers to link to: the first, the last, and the current one with its neighbours; a gap stands for
 * the pages between (never for a single page, which is shown instead).
 */
export function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  for (const n of sorted) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && n - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) items.push('gap');
    items.push(n);
  }
  return items;
}
