import { NotebookPen, UserRound } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';

import { useCustomers } from '#app/admin/admin-api.ts';
import { AdminList } from '#app/admin/AdminTable.tsx';
import { customerLinks, shortDate } from '#app/admin/format.ts';
import { ListScreen, ListSearch, ListStatus, Pager } from '#app/admin/ListControls.tsx';
import { CallButtons } from '#app/admin/ReachLinks.tsx';
import { useAdminList } from '#app/admin/use-admin-list.ts';
import type { CustomerSummary } from '#domains/customer/model.ts';
import { PriceGroups } from '#domains/customer/ui/PriceGroups.tsx';
import { useShop } from '#domains/settings/ui/shop.ts';
import { MAX_ID } from '#lib/ids.ts';
import { formatRupees } from '#lib/money.ts';

import { CustomerDetails } from './CustomerDetails.tsx';

/**
 * /admin/customers: the people behind the enquiries (guests too, joined by e-mail and phone), the one who enquired
 * last first, searched by name, e-mail or phone; the search and page live in the address.
 */
export function CustomersPage() {
  const list = useAdminList();
  const { data, isError } = useCustomers({ page: list.page, q: list.q || undefined });
  const viewing = openedCustomer(list.read('customer'));
  const navigate = useNavigate();
  const opened = (useLocation().state as { opened?: boolean } | null)?.opened === true;
  // The open record is in the address (?customer=7), as the orders' details are: the ageing list links to it, and
  // Back closes it.
  const view = (id: number) => list.open({ customer: id }, { opened: true });
  const close = () => (opened ? void navigate(-1) : list.open({ customer: null }));
  return (
    <ListScreen id="customers-title" title="Customers" heading={list.heading}>
      <PriceGroups />
      <div className="mt-4 flex">
        <ListSearch label="Search name, e-mail or phone" initial={list.q} onSearch={list.filter('q')} />
      </div>
      <ListStatus failed={isError} empty={data?.items.length === 0} what="customers" />
      {data && data.items.length > 0 && (
        <AdminList label="Customers, the latest to enquire first">
          {data.items.map((customer) => (
            <CustomerRow key={customer.id} customer={customer} onOpen={() => view(customer.id)} />
          ))}
        </AdminList>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />}
      {viewing !== null && <CustomerDetails id={viewing} onClose={close} />}
    </ListScreen>
  );
}

function CustomerRow({ customer, onOpen }: { customer: CustomerSummary; onOpen: () => void }) {
  const links = customerLinks(customer, useShop().name);
  return (
    <li data-testid="customer-row" className="rounded-xl border border-stone-200 bg-white px-3 py-2">
      <p className="flex items-baseline gap-2">
        <span className="min-w-0 flex-1 truncate font-semibold text-stone-900">{customer.name}</span>
        <span className="text-xs text-stone-700">{customer.registered ? 'Account' : 'Guest'}</span>
        {customer.hasNote && (
          <span className="inline-flex items-center gap-1 text-xs text-stone-700">
            <NotebookPen aria-hidden="true" className="size-3" /> Note
          </span>
        )}
      </p>
      <p className="truncate text-xs text-stone-700">
        {customer.enquiryCount} enquir{customer.enquiryCount === 1 ? 'y' : 'ies'}, the last {shortDate(customer.lastEnquiryAt)}
        {customer.business > 0 && <> · {formatRupees(customer.business)} invoiced</>}
        <span className="max-md:hidden"> · {[...customer.emails, ...customer.phones].join(', ')}</span>
      </p>
      <p className="mt-1 flex gap-1">
        <CallButtons links={links} name={customer.name} />
        <button type="button" className="btn-outline min-h-11 px-3" onClick={onOpen}>
          <UserRound aria-hidden="true" className="size-4" /> Open<span className="sr-only"> {customer.name}</span>
        </button>
      </p>
    </li>
  );
}

/** The customer named in the address (?customer=7), or null for none or a number that is not one. */
function openedCustomer(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const number = Number(id);
  return number >= 1 && number <= MAX_ID ? number : null;
}
