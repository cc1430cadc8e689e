import { useId, useRef, useState } from 'react';

import { useAdminChange, useAdminQuery } from '#app/admin/admin-api.ts';
import { Block } from '#app/admin/Block.tsx';
import { sendJson } from '#app/lib/api.ts';
import { randomId } from '#app/lib/random-id.ts';
import { type CustomerStatement, statementDue, statementLines, type StatementSent } from '#domains/statement/model.ts';

/**
 * The customer's statement of account for a period (this financial year to today unless the staff choose): the
 * opening balance, each entry with the balance after it, the closing balance; the PDF, and the e-mail to the customer.
 * One Idempotency-Key per e-mail: a double click or a retry sends it once; new once it is sent.
 */
export function StatementBlock({ customerId }: { customerId: number }) {
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const query = new URLSearchParams(Object.entries(period).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const { data: statement, isError } = useAdminQuery<CustomerStatement>(
    ['admin', 'customers', 'statement', customerId, period],
    `/api/admin/customers/${customerId}/statement?${query}`,
    { keepPrevious: true },
  );
  return (
    <Block title="Statement of account" wide>
      {isError && <p role="alert">The statement could not be loaded. Please try again.</p>}
      {statement && (
        <>
          <PeriodForm statement={statement} onChange={setPeriod} />
          <StatementTable statement={statement} />
          <p className="font-bold">{statementDue(statement.closingBalance)}</p>
          <StatementActions statement={statement} />
        </>
      )}
    </Block>
  );
}

function PeriodForm({
  statement,
  onChange,
}: {
  statement: CustomerStatement;
  onChange: (period: { from: string; to: string }) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(statement.from);
  const [to, setTo] = useState(statement.to);
  return (
    <form
      className="flex flex-wrap items-end gap-2 print:hidden"
      onSubmit={(event) => {
        event.preventDefault();
        if (from && to && from <= to) onChange({ from, to });
      }}
    >
      <DayField id={`${id}-from`} label="From" value={from} bounds={{ max: to }} onChange={setFrom} />
      <DayField id={`${id}-to`} label="To" value={to} bounds={{ min: from }} onChange={setTo} />
      <button type="submit" className="btn-outline min-h-11 px-3">
        Show period
      </button>
    </form>
  );
}

/** One end of the period, kept on its side of the other end (`bounds`). */
function DayField({
  id,
  label,
  value,
  bounds,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  bounds: { min?: string; max?: string };
  onChange: (day: string) => void;
}) {
  return (
    <label htmlFor={id} className="grid text-sm">
      {label}
      <input
        id={id}
        type="date"
        value={value}
        {...bounds}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-lg border border-stone-300 px-2"
      />
    </label>
  );
}

/** The rows: on a phone each entry is a card of its date, particulars and amounts; wider, a table. */
function StatementTable({ statement }: { statement: CustomerStatement }) {
  const lines = statementLines(statement);
  return (
    <table className="mt-2 w-full text-sm">
      <caption className="sr-only">Statement entries with the balance after each</caption>
      <thead className="max-sm:sr-only">
        <tr className="text-left">
          <th scope="col">Date</th>
          <th scope="col">Particulars</th>
          {['Debit', 'Credit', 'Balance'].map((amount) => (
            <th key={amount} scope="col" className="text-right">
              {amount}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {lines.map((line, index) => (
          <tr key={index} className={`max-sm:grid max-sm:grid-cols-2 max-sm:py-1 ${line.strong ? 'font-bold' : ''}`}>
            <td className="whitespace-nowrap pr-2 align-top">{line.date}</td>
            <td className="pr-2 align-top [overflow-wrap:anywhere] max-sm:text-right">{line.particulars}</td>
            <td className="text-right align-top max-sm:text-left">
              {line.debit && <span className="sm:hidden">Debit </span>}
              {line.debit}
            </td>
            <td className="text-right align-top">
              {line.credit && <span className="sm:hidden">Credit </span>}
              {line.credit}
            </td>
            <td className="whitespace-nowrap text-right align-top max-sm:col-span-2">
              <span className="sm:hidden">Balance </span>
              {line.balance}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatementActions({ statement }: { statement: CustomerStatement }) {
  const key = useRef(randomId());
  const [said, setSaid] = useState('');
  const message = useRef<HTMLParagraphElement>(null);
  const send = useAdminChange(({ id, from, to }: { id: number; from: string; to: string }) =>
    sendJson<StatementSent>(
      'POST',
      `/api/admin/customers/${id}/statement/email`,
      { from, to },
      { 'Idempotency-Key': key.current },
    ),
  );
  const period = `from=${statement.from}&to=${statement.to}`;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 print:hidden">
      <a
        href={`/api/admin/customers/${statement.customer.id}/statement?${period}&format=pdf`}
        className="btn-outline min-h-11 px-3"
        download
      >
        Download PDF
      </a>
      <button
        type="button"
        className="btn-primary min-h-11 px-3"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(
            { id: statement.customer.id, from: statement.from, to: statement.to },
            {
              onSuccess: (sent) => {
                key.current = randomId();
                setSaid(`Statement e-mailed to ${sent.sentTo}.`);
              },
              onError: () => setSaid('The statement could not be sent. Please try again.'),
              onSettled: () => requestAnimationFrame(() => message.current?.focus()),
            },
          )
        }
      >
        E-mail statement
      </button>
      <p ref={message} tabIndex={-1} role="status" className="text-sm text-stone-700 [overflow-wrap:anywhere] focus:outline-none">
        {said}
      </p>
    </div>
  );
}
