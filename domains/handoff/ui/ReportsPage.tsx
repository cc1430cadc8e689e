import { Download } from 'lucide-react';
import { useId, useState } from 'react';

import { useAdminQuery } from '#app/admin/admin-api.ts';
import { FileDownload } from '#app/admin/FileDownload.tsx';
import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import type { DocumentSums, Gstr1, TaxAmounts } from '#domains/handoff/gstr1.ts';
import { GSTR1_TABLE_TITLES, GSTR1_TABLES, type Gstr1TableName } from '#domains/handoff/gstr1-csv.ts';
import type { SettingsAnswer } from '#domains/settings/schema.ts';
import { AgeingReport } from '#domains/statement/ui/AgeingReport.tsx';
import { istDate } from '#lib/india-time.ts';
import { formatRupees } from '#lib/money.ts';

const gstr1Url = (month: string) => `/api/admin/reports/gstr1?month=${month}`;

/** The totals of a table of amounts: the files carry only their rows, so the totals to check them by are here. */
const TABLE_TOTALS: Partial<Record<Gstr1TableName, (report: Gstr1) => TaxAmounts>> = {
  b2b: (report) => report.b2b.totals,
  b2cl: (report) => report.b2cl.totals,
  b2cs: (report) => report.b2cs.totals,
  cdnr: (report) => report.cdnr.totals,
  cdnur: (report) => report.cdnur.totals,
  'hsn-b2b': (report) => report.hsnB2b.totals,
  'hsn-b2c': (report) => report.hsnB2c.totals,
};

/**
 * Reports: what customers owe by how long it is overdue (the ageing list), and for the accountant the month's GSTR-1 (a month picker, this month to start with), what the month's
 * invoices and credit notes come to, each table as a CSV the GST portal's offline tool takes with its totals beside
 * it, all of them in one ZIP, and the portal's upload JSON. Administrators only: the tables list every customer's
 * GSTIN and amounts.
 */
export function ReportsPage() {
  const me = signedInUser(useAuthStatus().data);
  const [month, setMonth] = useState(() => istDate(new Date()).slice(0, 7));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const { data, isError } = useAdminQuery<Gstr1>(
    ['admin', 'reports', 'gstr1', month],
    me?.role === 'admin' && valid ? gstr1Url(month) : null,
  );
  if (me && me.role !== 'admin') {
    return (
      <section>
        <h1 className="text-2xl font-bold text-leaf-900">Reports</h1>
        <p className="mt-4 text-stone-700">Only an administrator reads the ageing list and exports the GST returns.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="reports-title" className="max-w-3xl">
      <h1 id="reports-title" className="text-2xl font-bold text-leaf-900">
        Reports
      </h1>
      <AgeingReport />
      <h2 className="mt-8 text-lg font-bold text-leaf-900">GSTR-1: outward supplies of a month</h2>
      <p className="mt-1 text-stone-700">
        The month’s invoices and credit notes as the GST return’s tables, for the accountant to upload with the GST portal’s
        offline tool.
      </p>
      <div className="mt-4 max-w-xs">
        <DateField label="Month" type="month" value={month} onChange={setMonth} />
      </div>
      {!valid && <p className="mt-3 text-red-800">Choose a month.</p>}
      {valid && isError && <p className="mt-3 text-red-800">The month’s report could not be loaded.</p>}
      {valid && data && (
        <>
          <dl aria-live="polite" className="mt-4 grid gap-3 sm:grid-cols-2">
            <Sums title={`Invoices of ${data.month}`} sums={data.summary.invoices} />
            <Sums title={`Credit notes of ${data.month}`} sums={data.summary.creditNotes} />
          </dl>
          <p className="mt-3 font-semibold">
            Net taxable value {formatRupees(data.summary.net.taxable)} · IGST {formatRupees(data.summary.net.igst)} · CGST{' '}
            {formatRupees(data.summary.net.cgst)} · SGST {formatRupees(data.summary.net.sgst)}
          </p>
        </>
      )}
      {valid && (
        <>
          <h3 className="mt-6 font-bold text-leaf-900">Download the return</h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            <li>
              <DownloadLink href={`${gstr1Url(month)}&format=zip`} title="Every table (ZIP of CSVs)" month={month} />
            </li>
            <li>
              <DownloadLink
                href={`${gstr1Url(month)}&format=gstn-json`}
                title="Upload file for the GST portal (JSON)"
                month={month}
              />
            </li>
          </ul>
          <h3 className="mt-6 font-bold text-leaf-900">Download the tables (CSV)</h3>
          <p className="mt-1 text-sm text-stone-700">
            Each file holds only its rows, as the offline tool takes them; the totals to check them by are shown here. Delivery
            charges are part of the goods they come with, under those goods’ HSN code and rate.
          </p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {GSTR1_TABLES.map((table) => {
              const totals = data && TABLE_TOTALS[table]?.(data);
              return (
                <li key={table}>
                  <DownloadLink
                    href={`${gstr1Url(month)}&format=csv&table=${table}`}
                    title={GSTR1_TABLE_TITLES[table]}
                    month={month}
                  />
                  {totals && (
                    <p className="mt-1 text-sm text-stone-800">
                      Taxable {formatRupees(totals.taxable)} · IGST {formatRupees(totals.igst)} · CGST {formatRupees(totals.cgst)}{' '}
                      · SGST {formatRupees(totals.sgst)}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <h3 className="mt-6 font-bold text-leaf-900">For the accountant’s Tally</h3>
          <p className="mt-1 text-stone-700">
            The month’s invoices, credit notes and payments as vouchers for TallyPrime’s Import Data.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <FileDownload url={`/api/admin/reports/tally?month=${month}`} filename={`tally-vouchers-${month}.xml`}>
              Tally vouchers (XML)
              <span className="sr-only">, {month}</span>
            </FileDownload>
          </div>
        </>
      )}
      <EwayBills />
      <EInvoicing />
    </section>
  );
}

/** A download of the month's return, named for a screen reader with its month. */
function DownloadLink({ href, title, month }: { href: string; title: string; month: string }) {
  return (
    <a href={href} className="btn-outline min-h-11 w-full justify-start" download>
      <Download aria-hidden="true" className="size-4 shrink-0" /> {title}
      <span className="sr-only">, {month}</span>
    </a>
  );
}

/**
 * Whether the shop registers its B2B invoices with the e-invoice portal: with e-invoicing off in the settings, it is
 * treated as below the turnover that requires it, and says so.
 */
function EInvoicing() {
  const { data } = useAdminQuery<SettingsAnswer>(['admin', 'settings'], '/api/admin/settings');
  if (!data) return null;
  return (
    <>
      <h2 className="mt-8 text-lg font-bold text-leaf-900">E-invoices</h2>
      <p className="mt-1 text-stone-700">
        {data.settings.tax.eInvoicing
          ? 'E-invoicing is on: each invoice and credit note to a registered buyer has its E-invoice JSON in the order, for the e-invoice portal; the customer is e-mailed the invoice once the portal’s answer is recorded.'
          : 'E-invoicing is off in the settings: the shop is treated as below the turnover at which invoices must be registered with the e-invoice portal (₹5 crore in any year since 2017-18). Turn it on in the settings’ tax section if the shop has passed it.'}
      </p>
    </>
  );
}

/** The days' e-way bills: every invoice over ₹50,000 issued from one day to another, as one file for the portal. */
function EwayBills() {
  const today = istDate(new Date());
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <>
      <h2 className="mt-8 text-lg font-bold text-leaf-900">E-way bills: consignments over ₹50,000</h2>
      <p className="mt-1 text-stone-700">
        Every invoice of these days over ₹50,000 as one file for the e-way bill portal’s bulk generation. Type each e-way bill
        number the portal gives into the order’s dispatch.
      </p>
      <div className="mt-4 grid max-w-md gap-3 sm:grid-cols-2">
        <DateField label="From" type="date" value={from} onChange={setFrom} />
        <DateField label="To" type="date" value={to} onChange={setTo} />
      </div>
      {valid ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <FileDownload url={`/api/admin/reports/eway-bills?from=${from}&to=${to}`} filename={`eway-bills-${from}-to-${to}.json`}>
            E-way bills JSON
          </FileDownload>
        </div>
      ) : (
        <p className="mt-3 text-red-800">Choose a first and a last day, the last not before the first.</p>
      )}
    </>
  );
}

function Sums({ title, sums }: { title: string; sums: DocumentSums }) {
  return (
    <div className="rounded-xl border border-stone-200 p-3">
      <dt className="font-semibold">{title}</dt>
      <dd className="mt-1 text-sm text-stone-800">
        {sums.count} · value {formatRupees(sums.value)}
        <br />
        Taxable {formatRupees(sums.taxable)} · IGST {formatRupees(sums.igst)} · CGST {formatRupees(sums.cgst)} · SGST{' '}
        {formatRupees(sums.sgst)}
      </dd>
    </div>
  );
}

/** A labelled month or day picker of the page's size. */
function DateField(props: { label: string; type: 'month' | 'date'; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-stone-900">
        {props.label}
      </label>
      <input
        id={id}
        type={props.type}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
      />
    </div>
  );
}
