import { Download } from 'lucide-react';
import { Link } from 'react-router';

import { useAdminQuery } from '#app/admin/admin-api.ts';
import {
  AGEING_BUCKET_WORDS,
  AGEING_BUCKETS,
  type AgeingAmounts,
  type AgeingReport as Ageing,
} from '#domains/statement/ageing.ts';
import { dateText } from '#lib/calendar.ts';
import { formatRupees } from '#lib/money.ts';

const AGEING_URL = '/api/admin/reports/ageing';

/**
 * What each customer owes by how long it is past its due date (domains/statement/ageing.ts), the most overdue first, with the
 * totals; each customer opens their record and statement, and the same list downloads as a CSV. On a phone the table
 * scrolls inside its own labelled region (reached by the keyboard), never the page.
 */
export function AgeingReport() {
  const { data, isError } = useAdminQuery<Ageing>(['admin', 'reports', 'ageing'], AGEING_URL);
  return (
    <>
      <h2 id="ageing-title" className="mt-6 text-lg font-bold text-leaf-900">
        Ageing: what customers owe
      </h2>
      <p className="mt-1 text-stone-700">
        Each open invoice’s balance by the days past its due date
        {data && <>, as of {dateText(data.asOf)}</>}. Open a customer for their statement of account.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={`${AGEING_URL}?format=csv`} className="btn-outline min-h-11" download>
          <Download aria-hidden="true" className="size-4" /> Ageing (CSV)
        </a>
      </div>
      {isError && <p className="mt-3 text-red-800">The ageing list could not be loaded.</p>}
      {data && data.customers.length === 0 && <p className="mt-3">Nothing is owed: every invoice is paid or credited.</p>}
      {data && data.customers.length > 0 && (
        // A table of seven columns does not fit a phone: it scrolls sideways inside this named region, which takes the
        // focus so a keyboard can scroll it to the far columns (the links alone would not bring those into view).
        <div
          role="region"
          aria-labelledby="ageing-title"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="mt-3 max-w-full overflow-x-auto rounded-xl border border-stone-200 focus-visible:outline-2"
        >
          <table className="w-full min-w-[44rem] text-sm">
            <caption className="sr-only">Amounts owed by customer and days past the due date, with totals</caption>
            <thead className="bg-stone-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Customer
                </th>
                {AGEING_BUCKETS.map((bucket) => (
                  <th key={bucket} scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                    {AGEING_BUCKET_WORDS[bucket]}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {data.customers.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    <Link
                      to={`/admin/customers?customer=${customer.id}`}
                      className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline"
                    >
                      {customer.name}
                    </Link>
                    <span className="block text-xs text-stone-700">
                      {customer.invoices} open invoice{customer.invoices === 1 ? '' : 's'}
                    </span>
                  </th>
                  <Amounts amounts={customer} />
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-stone-300 font-bold">
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  Total
                </th>
                <Amounts amounts={data.totals} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}

function Amounts({ amounts }: { amounts: AgeingAmounts }) {
  return (
    <>
      {AGEING_BUCKETS.map((bucket) => (
        <td
          key={bucket}
          className={`px-3 py-1 text-right whitespace-nowrap ${bucket === 'over90' && amounts.over90 > 0 ? 'text-red-800' : ''}`}
        >
          {amounts[bucket] === 0 ? '–' : formatRupees(amounts[bucket])}
        </td>
      ))}
      <td className="px-3 py-1 text-right font-semibold whitespace-nowrap">{formatRupees(amounts.total)}</td>
    </>
  );
}
