import { Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';

import { useBankCredits, useConfirmCredit, useUploadStatement } from '#app/admin/admin-api.ts';
import { ApiError } from '#app/lib/api.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { type Allocation, MATCH_REASON_WORDS } from '#domains/bank/matching.ts';
import type { BankCreditState, BankCreditView } from '#domains/bank/schema.ts';
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { PAYMENT_METHOD_WORDS } from '#domains/invoice/payments.ts';
import { formatCount, formatRupees, toDecimalString } from '#lib/money.ts';

const problemOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.body?.message) || fallback;

/**
 * The bank's statement for the staff: upload the bank's export, then each credit with the invoices it seems to pay,
 * confirmed in one tap or changed (split over invoices, part of one, another invoice); credits nothing matched stay
 * under "Waiting" until someone records them.
 */
export function BankStatementsPage() {
  const [state, setState] = useState<BankCreditState>('open');
  const [page, setPage] = useState(1);
  const { data, isError } = useBankCredits(state, page);
  const [said, setSaid] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const tell = (text: string) => {
    setSaid(text);
    requestAnimationFrame(() => status.current?.focus());
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby="bank-title" className="max-w-3xl">
      <h1 id="bank-title" className="text-2xl font-bold text-leaf-900">
        Bank statement
      </h1>
      <p className="mt-1 text-stone-700">
        Upload the statement your bank gives you (CSV or Excel .xlsx of Federal Bank, SBI, HDFC Bank or ICICI Bank). Each credit
        is matched to the invoices it pays; a statement uploaded again adds nothing twice.
      </p>
      <StatementUpload onDone={tell} />
      <p ref={status} tabIndex={-1} role="status" className="mt-3 text-stone-800 [overflow-wrap:anywhere] focus:outline-none">
        {said}
      </p>
      <div role="group" aria-label="Credits to show" className="mt-4 flex flex-wrap gap-2">
        {(['open', 'settled'] as const).map((shown) => (
          <button
            key={shown}
            type="button"
            aria-pressed={state === shown}
            className={state === shown ? 'btn-primary min-h-11 px-3' : 'btn-outline min-h-11 px-3'}
            onClick={() => {
              setState(shown);
              setPage(1);
            }}
          >
            {shown === 'open' ? 'Waiting' : 'Recorded'}
            {data && ` (${formatCount(data.counts[shown])})`}
          </button>
        ))}
      </div>
      {isError && <p className="mt-3 text-red-800">The credits could not be loaded.</p>}
      {data && data.items.length === 0 && (
        <p className="mt-4 text-stone-700">
          {state === 'open' ? 'No credits are waiting to be matched.' : 'No credits recorded yet.'}
        </p>
      )}
      <ul className="mt-4 grid gap-3">
        {data?.items.map((credit) => (
          <li key={credit.id}>
            <CreditCard credit={credit} onDone={tell} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Pages of credits" className="mt-4 flex items-center gap-2">
          <button type="button" className="btn-outline min-h-11 px-3" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="text-sm text-stone-700">
            Page {page} of {pages}
          </span>
          <button type="button" className="btn-outline min-h-11 px-3" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

function StatementUpload({ onDone }: { onDone: (said: string) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadStatement();
  const pending = upload.isPending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return onDone('Choose the statement file first.');
    try {
      const read = await upload.mutateAsync(file);
      onDone(
        `${read.bankName}: ${formatCount(read.added)} new ${read.added === 1 ? 'credit' : 'credits'}` +
          (read.repeated ? `, ${formatCount(read.repeated)} uploaded before` : '') +
          '. The waiting ones are listed below.',
      );
      if (input.current) input.current.value = '';
    } catch (error) {
      onDone(problemOf(error, 'The statement could not be uploaded. Please try again.'));
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mt-4 grid gap-2 rounded-xl border border-stone-200 p-3 sm:flex sm:items-end"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-stone-900">
          Statement file
        </label>
        <input
          id={id}
          ref={input}
          type="file"
          name="file"
          accept=".csv,.xlsx,.xls,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="block min-h-11 w-full max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-leaf-50 file:px-3 file:font-semibold"
        />
      </div>
      <button type="submit" className="btn-primary min-h-11 px-3" disabled={pending}>
        <Upload aria-hidden="true" className="size-4" /> {pending ? 'Uploading…' : 'Upload statement'}
      </button>
    </form>
  );
}

const allocationWords = (entry: { invoice: string; amount: number }) => `${formatRupees(entry.amount)} to ${entry.invoice}`;

function CreditCard({ credit, onDone }: { credit: BankCreditView; onDone: (said: string) => void }) {
  const [changing, setChanging] = useState(false);
  const confirm = useConfirmCredit();
  const { suggestion } = credit;
  // Awaited rather than mutate's own callbacks: the refreshed list takes this card away as the credit is settled, and
  // callbacks given to mutate are dropped once their card is gone, and with them the "Recorded" the staff wait for.
  const record = async (allocations: Array<{ invoice: string; amount: string }>) => {
    try {
      const settled = await confirm.mutateAsync({ id: credit.id, allocations });
      setChanging(false);
      onDone(`Recorded: ${settled.payments.map(allocationWords).join(', ')}.`);
    } catch (error) {
      onDone(problemOf(error, 'The payment could not be recorded. Please try again.'));
    }
  };
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-3">
      <h2 id={headingId} className="flex flex-wrap justify-between gap-x-3 font-bold text-leaf-900">
        <span>{formatRupees(credit.amount)}</span>
        <span className="font-normal text-stone-700">
          {dayText(credit.bookedOn)} · {credit.bankName}
        </span>
      </h2>
      <p className="mt-1 text-sm text-stone-800 [overflow-wrap:anywhere]">{credit.narration}</p>
      <p className="mt-1 text-sm text-stone-700">
        {credit.method
          ? `${PAYMENT_METHOD_WORDS[credit.method]} ${credit.reference ?? '(no UTR found)'}`
          : 'Not a UPI or bank transfer'}
      </p>
      {credit.settlement ? (
        <p className="mt-2 font-semibold text-leaf-900">
          {credit.settlement === 'already-recorded' ? 'Already recorded: ' : 'Recorded: '}
          {credit.payments.map(allocationWords).join(', ')}
          {credit.unallocated > 0 && ` (${formatRupees(credit.unallocated)} not on an invoice)`}
        </p>
      ) : (
        <>
          {suggestion ? (
            <div className="mt-2">
              <p className="text-sm font-semibold text-stone-900">
                Suggested ({MATCH_REASON_WORDS[suggestion.reason].toLowerCase()}):
              </p>
              <ul className="text-sm text-stone-800">
                {suggestion.allocations.map((entry) => (
                  <li key={entry.invoice}>
                    {allocationWords(entry)}, {entry.customerName} (owes {formatRupees(entry.balance)})
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="mt-2 text-sm text-stone-800">No invoice matches this credit.</p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {suggestion && credit.method && credit.reference && (
              <button
                type="button"
                className="btn-primary min-h-11 px-3"
                disabled={confirm.isPending}
                onClick={() => void record(asSent(suggestion.allocations))}
              >
                Confirm: {suggestion.allocations.map(allocationWords).join(', ')}
              </button>
            )}
            {credit.method && credit.reference && (
              <button
                type="button"
                className="btn-outline min-h-11 px-3"
                aria-expanded={changing}
                onClick={() => setChanging(!changing)}
              >
                {suggestion ? 'Change' : 'Match to invoices'}
              </button>
            )}
          </div>
          {changing && (
            <ChangeMatch
              credit={credit}
              pending={confirm.isPending}
              onSubmit={(allocations) => void record(allocations)}
              start={suggestion?.allocations ?? []}
            />
          )}
        </>
      )}
    </article>
  );
}

const asSent = (allocations: readonly Allocation[]) =>
  allocations.map((entry) => ({ invoice: entry.invoice, amount: toDecimalString(entry.amount) }));

/** The invoices and amounts the staff say the credit pays: one line each, another line to split it further. */
function ChangeMatch(props: {
  credit: BankCreditView;
  start: readonly Allocation[];
  pending: boolean;
  onSubmit: (allocations: Array<{ invoice: string; amount: string }>) => void;
}) {
  const [lines, setLines] = useState(() =>
    props.start.length > 0 ? asSent(props.start) : [{ invoice: '', amount: toDecimalString(props.credit.amount) }],
  );
  const alternatives = props.credit.suggestion?.alternatives ?? [];
  const set = (index: number, field: 'invoice' | 'amount', value: string) =>
    setLines(lines.map((line, at) => (at === index ? { ...line, [field]: value } : line)));
  return (
    <form
      className="mt-3 grid gap-3 rounded-lg bg-stone-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(lines.filter((line) => line.invoice.trim() !== ''));
      }}
    >
      {alternatives.length > 0 && (
        <p className="text-sm text-stone-800">
          The amount also fits {alternatives.map((entry) => `${entry.invoice} (${entry.customerName})`).join(', ')}.
        </p>
      )}
      {lines.map((line, index) => (
        <fieldset key={index} className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Invoice {index + 1}</legend>
          <TextField
            label={`Invoice number ${index + 1}`}
            value={line.invoice}
            onChange={(value) => set(index, 'invoice', value)}
          />
          <TextField
            label={`Amount ${index + 1} (₹)`}
            value={line.amount}
            inputMode="decimal"
            onChange={(value) => set(index, 'amount', value)}
          />
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline min-h-11 px-3"
          onClick={() => setLines([...lines, { invoice: '', amount: '' }])}
        >
          Add another invoice
        </button>
        <button type="submit" className="btn-primary min-h-11 px-3" disabled={props.pending}>
          Record payments
        </button>
      </div>
    </form>
  );
}

function TextField(props: { label: string; value: string; inputMode?: 'decimal'; onChange: (value: string) => void }) {
  return (
    <FormField label={props.label}>
      {(control) => (
        <input
          {...control}
          value={props.value}
          inputMode={props.inputMode}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
