import { useRef } from 'react';
import { useSearchParams } from 'react-router';

import { useToast } from '#app/lib/toast.tsx';

import { SEEN_FILTERS, type SeenFilter } from './ListControls.tsx';

/** One of `choices`, or '' for a value the list does not know (an old or mistyped link shows the whole list). */
export const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | '' =>
  choices.includes(value as T) ? (value as T) : '';

/** A delete mutation as the lists use it: the row's id, then what to do after. */
interface Remover {
  mutate: (id: number, options: { onSuccess: () => void; onError: () => void }) => void;
}

/** A seen mutation as the lists of orders and messages use it: the row's id and its new flag, then what to do after. */
interface SeenSetter {
  mutate: (change: { id: number; seen: boolean }, options: { onSuccess?: () => void; onError: () => void }) => void;
}

/**
 * What every admin list screen (Orders, Contacts, Products, Customers, Staff) shares. Its filters, search and page
 * live in the page's address (?show=unseen&q=asha&page=2), so Back returns to the list as it was and a copied link
 * opens the same list: each change is a new history entry, and a filter's change goes back to page 1. Its heading
 * takes the focus when a deleted row and its buttons are gone; a delete is asked first and a failure said in a toast.
 */
export function useAdminList() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const page = Math.min(100_000, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  const read = (key: string): string => params.get(key)?.trim() ?? '';
  // From the address as it is now: a change made before the last one has been rendered (the router renders in a
  // transition) must not undo it. A change that leaves the address as it is (All pressed on All) adds no history entry.
  // `state` goes with the new history entry; `onPage` keeps the page (a record opened over the list).
  const set = (changes: Record<string, string | number | null>, onPage: boolean, state?: unknown) => {
    const current = new URLSearchParams(window.location.search);
    const next = new URLSearchParams(current);
    if (!onPage && !('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    if (next.toString() !== current.toString()) setParams(next, { preventScrollReset: true, state });
  };
  const change = (changes: Record<string, string | number | null>) => set(changes, false);
  const failed = (description: string) => () => toast({ title: 'Error', description, variant: 'destructive' });
  return {
    page,
    read,
    change,
    /** A record opened over the list, or closed (null), in the address; the list's page stays as it is. */
    open: (changes: Record<string, string | number | null>, state?: unknown) => set(changes, true, state),
    /** The search box's text (?q=). */
    q: read('q'),
    /** All / Unseen / Seen (?show=, all when absent). */
    show: oneOf(SEEN_FILTERS, read('show')) || 'all',
    setShow: (value: SeenFilter) => change({ show: value === 'all' ? null : value }),
    /** A filter's setter: the new value, and the list's first page. */
    filter: (key: string) => (value: string) => change({ [key]: value }),
    setPage: (next: number) => change({ page: next }),
    heading,
    /** A red toast saying `description`, for a change that failed. */
    failed,
    /** Marks a row seen, or unseen again (its Seen button); `onDone` after, a failure said in a toast. */
    seenToggler: (setSeen: SeenSetter, failure: string, onDone?: () => void) => (item: { id: number; seen: boolean }) =>
      setSeen.mutate({ id: item.id, seen: !item.seen }, { onSuccess: onDone, onError: failed(failure) }),
    /** Deletes a row once the person confirms `question`; afterwards the focus goes to the heading. */
    deleter:
      <T extends { id: number }>(remove: Remover, question: (item: T) => string, failure: string) =>
      (item: T) => {
        if (!window.confirm(question(item))) return;
        remove.mutate(item.id, { onSuccess: () => heading.current?.focus(), onError: failed(failure) });
      },
  };
}
