import { type FormEvent, useId, useRef, useState } from 'react';

import { useDeletePriceGroup, usePriceGroup, usePriceGroups, useSavePriceGroup } from '#app/admin/admin-api.ts';
import { ApiError } from '#app/lib/api.ts';
import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import {
  GROUP_PRICES_FORMAT_MESSAGE,
  groupPricesText,
  MAX_GROUP_NAME,
  parseGroupPricesText,
  type PriceGroupDetail,
  type PriceGroupSummary,
} from '#domains/customer/price-group-schema.ts';

const termsOf = (group: PriceGroupSummary) =>
  group.kind === 'percent'
    ? `${group.percentOff}% off the catalogue`
    : `${group.prices} own price${group.prices === 1 ? '' : 's'}, the catalogue's for the rest`;

const problemOf = (error: unknown) =>
  error instanceof ApiError && error.body?.message
    ? [error.body.message, ...Object.values(error.body.errors ?? {})].filter((m, i, all) => all.indexOf(m) === i).join(' ')
    : 'The group could not be saved. Please try again.';

/** A group's two kinds, as the form offers them. */
const KIND_WORDS = [
  ['percent', 'A percentage off the catalogue (its breaks too)'],
  ['prices', 'Prices of its own, with their own breaks'],
] as const;

/**
 * The price groups, above the customers (docs/decisions/511-trade-prices-minimums-steps-and-breaks.md): each with its
 * terms and how many customers are in it. Administrators add, change and delete them; the staff see them, and put a
 * customer in one on the customer's record.
 */
export function PriceGroups() {
  const { data: groups, isError } = usePriceGroups();
  const admin = signedInUser(useAuthStatus().data)?.role === 'admin';
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <details className="mt-4 rounded-xl border border-stone-200 bg-white p-3">
      <summary className="min-h-11 cursor-pointer content-center font-bold text-leaf-900">
        Price groups{groups ? ` (${groups.length})` : ''}
      </summary>
      {isError && <p role="alert">The price groups could not be loaded.</p>}
      {groups && groups.length === 0 && (
        <p className="text-sm text-stone-700">No price groups yet: everyone sees the public prices.</p>
      )}
      {groups && groups.length > 0 && (
        <ul aria-label="Price groups" className="divide-y divide-stone-200">
          {groups.map((group) => (
            <li key={group.id} data-testid="price-group" className="flex flex-wrap items-center gap-2 py-2">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">{group.name}</span>
                <span className="block text-sm text-stone-700">
                  {termsOf(group)} · {group.customers} customer{group.customers === 1 ? '' : 's'}
                </span>
              </span>
              {admin && (
                <button type="button" className="btn-outline min-h-11 px-3" onClick={() => setEditing(group.id)}>
                  Edit<span className="sr-only"> {group.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {admin && editing === null && (
        <button type="button" className="btn-outline mt-2 min-h-11" onClick={() => setEditing('new')}>
          Add a price group
        </button>
      )}
      {admin && editing !== null && (
        <GroupEditor key={editing} id={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
    </details>
  );
}

function GroupEditor({ id, onDone }: { id: number | null; onDone: () => void }) {
  const { data: group } = usePriceGroup(id);
  if (id !== null && !group) return <p role="status">Loading the group…</p>;
  return <GroupForm group={group ?? null} onDone={onDone} />;
}

function GroupForm({ group, onDone }: { group: PriceGroupDetail | null; onDone: () => void }) {
  const ids = useId();
  const save = useSavePriceGroup();
  const remove = useDeletePriceGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [kind, setKind] = useState(group?.kind ?? 'percent');
  const [percentOff, setPercentOff] = useState(group?.percentOff ?? '');
  const [prices, setPrices] = useState(groupPricesText(group?.prices ?? []));
  const [problem, setProblem] = useState<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const say = (text: string | null) => {
    setProblem(text);
    requestAnimationFrame(() => message.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = kind === 'prices' ? parseGroupPricesText(prices) : { prices: [] };
    if ('badLine' in read) return say(`Line ${read.badLine}: ${GROUP_PRICES_FORMAT_MESSAGE}`);
    const body = { name, kind, percentOff: kind === 'percent' ? percentOff : null, prices: read.prices };
    save.mutate({ id: group?.id ?? null, body }, { onSuccess: onDone, onError: (error) => say(problemOf(error)) });
  };
  const drop = () => {
    if (!group || !window.confirm(`Delete the price group ${group.name}? Its customers see the public prices again.`)) return;
    remove.mutate(group.id, { onSuccess: onDone, onError: (error) => say(problemOf(error)) });
  };

  return (
    <form onSubmit={submit} aria-label={group ? `Edit ${group.name}` : 'New price group'} className="mt-3 grid gap-3">
      <label className="grid gap-1 text-sm font-semibold">
        Name
        <input
          value={name}
          maxLength={MAX_GROUP_NAME}
          onChange={(event) => setName(event.target.value)}
          className="min-h-11 rounded-lg border border-stone-300 px-2 font-normal"
          placeholder="Distributor"
        />
      </label>
      <fieldset className="grid gap-1 text-sm">
        <legend className="font-semibold">Prices</legend>
        {KIND_WORDS.map(([value, words]) => (
          <label key={value} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={`${ids}-kind`}
              checked={kind === value}
              onChange={() => setKind(value)}
              className="size-5 shrink-0 accent-leaf-700"
            />
            {words}
          </label>
        ))}
      </fieldset>
      {kind === 'percent' ? (
        <label className="grid gap-1 text-sm font-semibold">
          Percentage off
          <input
            value={percentOff}
            inputMode="decimal"
            onChange={(event) => setPercentOff(event.target.value)}
            className="min-h-11 w-32 rounded-lg border border-stone-300 px-2 font-normal"
            placeholder="5"
          />
        </label>
      ) : (
        <label className="grid gap-1 text-sm font-semibold">
          Own prices, one a line
          <span className="font-normal text-stone-700">
            Product id (and /option id) = carton price; breaks. For example 12 = 880; 50 = 800. The product list shows the ids.
          </span>
          <textarea
            value={prices}
            rows={5}
            onChange={(event) => setPrices(event.target.value)}
            className="rounded-lg border border-stone-300 p-2 font-mono font-normal"
          />
        </label>
      )}
      <p ref={message} tabIndex={-1} role="alert" className="text-sm text-red-800 focus:outline-none">
        {problem}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11" disabled={save.isPending}>
          Save group
        </button>
        <button type="button" className="btn-outline min-h-11" onClick={onDone}>
          Cancel
        </button>
        {group && (
          <button type="button" className="btn-outline min-h-11 text-red-800" onClick={drop} disabled={remove.isPending}>
            Delete group
          </button>
        )}
      </div>
    </form>
  );
}
