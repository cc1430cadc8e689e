// How the bench shows numbers and tables: aligned plain text for the terminal, Markdown for docs/benchmarks.md.

/** As Vite reports sizes. */
export const KB = 1000;

/** 'l' pads a column on the right, 'r' on the left. */
export type Align = 'l' | 'r';

export function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

export function fmtInt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function fmtMs(n: number | null | undefined): string {
  return n === undefined || n === null ? '-' : String(Math.round(n * 100) / 100);
}

export function printTable(head: readonly string[], rows: readonly string[][], align: readonly Align[]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (align[i] === 'r' ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function markdownTable(head: readonly string[], rows: readonly string[][], align: readonly Align[]): string {
  const lines = [`| ${head.join(' | ')} |`, `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

/** A database URL fit to print: its password hidden. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unparseable URL)';
  }
}
