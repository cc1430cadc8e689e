import { useLanguage, useT } from '#app/lib/language.ts';
import { Link } from '#app/ui/LocalLink.tsx';
import { accountEnquiryPath } from '#domains/enquiry/status-link.ts';
import { type CustomerEnquirySummary, customerStatus } from '#domains/order-file/customer-view.ts';
import { datedMoment } from '#lib/india-time.ts';
import { formatCount, formatRupees, toPaise } from '#lib/money.ts';

export interface MyEnquiriesPage {
  items: CustomerEnquirySummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** 'My enquiries': the signed-in customer's enquiries, newest first, each opening its status. */
export function MyEnquiries({ list }: { list: MyEnquiriesPage }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const t = useT();
  const language = useLanguage();
  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-leaf-900 sm:text-3xl">{t('My enquiries')}</h1>
      {list.total === 0 ? (
        <div className="mt-6">
          <p className="text-stone-700">{t('You have not sent an enquiry from this account yet.')}</p>
          <Link to="/products" className="btn-primary mt-4 min-h-11">
            {t('Browse products')}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-stone-600">
            {list.total === 1
              ? t('{count} enquiry', { count: formatCount(list.total) })
              : t('{count} enquiries', { count: formatCount(list.total) })}
          </p>
          {/* What this account was invoiced, credited and paid this financial year, with the balance. */}
          <a href="/api/account/statement?format=pdf" className="btn-outline mt-3 min-h-11" download>
            {t('Download statement of account (PDF)')}
          </a>
          <ul className="mt-4 divide-y divide-stone-200 border-y border-stone-200">
            {list.items.map((enquiry) => (
              <li key={enquiry.displayId}>
                <Link
                  to={accountEnquiryPath(enquiry.displayId)}
                  className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 hover:bg-leaf-50"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-leaf-900 underline underline-offset-4">
                      {t('Enquiry #{number}', { number: enquiry.displayId })}
                    </span>
                    <span className="block text-sm text-stone-600">
                      {datedMoment(new Date(enquiry.createdAt), language)} ·{' '}
                      {enquiry.lineCount === 1
                        ? t('{count} item', { count: formatCount(enquiry.lineCount) })
                        : t('{count} items', { count: formatCount(enquiry.lineCount) })}
                    </span>
                  </span>
                  <span className="text-right">
                    {/* Once quoted, the quote's amount is the one that counts; before, the estimate sent. */}
                    <span className="block font-semibold whitespace-nowrap text-stone-900">
                      {enquiry.quote
                        ? `${enquiry.quote.number} · ${formatRupees(enquiry.quote.total)}`
                        : t('Estimate {amount}', { amount: formatRupees(toPaise(enquiry.total)) })}
                    </span>
                    <span className="block text-sm text-stone-700">
                      {t(customerStatus(enquiry.status, enquiry.quote?.status ?? null).label)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label={t('Pages')} className="mt-4 flex items-center justify-between gap-2">
              {list.page > 1 ? (
                <Link to={`?page=${list.page - 1}`} rel="prev" className="btn-outline min-h-11">
                  {t('Newer')}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-stone-600">{t('Page {page} of {pages}', { page: list.page, pages })}</span>
              {list.page < pages ? (
                <Link to={`?page=${list.page + 1}`} rel="next" className="btn-outline min-h-11">
                  {t('Older')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
