import { useSearchParams } from 'react-router';

/** One of `choices`, or '' for a value the list does not know (an old or mistyped link shows the whole list). */
export const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | '' =>
  choices.includes(value as T) ? (value as T) : '';

/**
 * A list's filters and page kept in the page's address (?step=to-reply&page=2), so Back returns to the list as it was
 * and a copied link opens the same list. Each change is a new history entry; a filter's change goes back to page 1.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const page = Math.min(100_000, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  const read = (key: string): string => params.get(key)?.trim() ?? '';
  const change = (changes: Record<string, string | number | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { preventScrollReset: true },
    );
  return {
    page,
    read,
    /** A filter's setter: the new value, and the list's first page. */
    filter: (key: string) => (value: string) => change({ [key]: value }),
    setPage: (next: number) => change({ page: next }),
    change,
  };
}
