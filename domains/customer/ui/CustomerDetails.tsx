import { type FormEvent, useId, useRef, useState } from 'react';

import {
  useCustomer,
  usePriceGroups,
  useSaveCustomerNote,
  useSetCustomerPriceGroup,
  useSetCustomerReminders,
} from '#app/admin/admin-api.ts';
import { AdminDialog, DialogLoading } from '#app/admin/AdminDialog.tsx';
import { Block, ListBlock } from '#app/admin/Block.tsx';
import { customerLinks, rupees, shortDate, statusLabel } from '#app/admin/format.ts';
import { ReachButtons } from '#app/admin/ReachLinks.tsx';
import { type CustomerRecord, MAX_CUSTOMER_NOTE } from '#domains/customer/model.ts';
import { PAYMENT_STATE_WORDS } from '#domains/invoice/payments.ts';
import { QUOTE_STATE_LABELS } from '#domains/quote/model.ts';
import { useShop } from '#domains/settings/ui/shop.ts';
import { StatementBlock } from '#domains/statement/ui/StatementBlock.tsx';
import { formatRupees } from '#lib/money.ts';

/** One customer: how to reach them, the staff's note, what they bought and owe, their enquiries, quotes and invoices. */
export function CustomerDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: customer, isError } = useCustomer(id);
  return (
    <AdminDialog title={customer ? customer.name : 'Customer'} onClose={onClose}>
      {!customer && <DialogLoading failed={isError} what="This customer" />}
      {customer && <CustomerBody customer={customer} />}
    </AdminDialog>
  );
}

function CustomerBody({ customer }: { customer: CustomerRecord }) {
  const links = customerLinks(customer, useShop().name);
  return (
    <div className="grid gap-4 p-4 sm:grid-cols-2">
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <ReachButtons links={links} phone={customer.phones[customer.phones.length - 1]} />
      </div>
      <div className="sm:col-span-2">
        <NoteForm customer={customer} />
      </div>
      <div className="sm:col-span-2">
        <RemindersSwitch customer={customer} />
      </div>
      <div className="sm:col-span-2">
        <PriceGroupChoice customer={customer} />
      </div>
      <Block title="Contact">
        <p className="[overflow-wrap:anywhere]">E-mail: {customer.emails.join(', ')}</p>
        <p>Phone: {customer.phones.length ? customer.phones.join(', ') : 'Not provided'}</p>
        <p>{customer.registered ? 'Has a customer account' : 'Guest'}</p>
        <p>GSTIN: {customer.gstins.length ? customer.gstins.join(', ') : 'None given'}</p>
      </Block>
      <Block title="Business">
        <p className="text-lg font-bold">Invoiced: {formatRupees(customer.business)}</p>
        <p>Paid: {formatRupees(customer.paid)}</p>
        <p>Still to pay: {formatRupees(customer.outstanding)}</p>
        <p>
          {customer.enquiryCount} enquir{customer.enquiryCount === 1 ? 'y' : 'ies'} since {shortDate(customer.firstEnquiryAt)}
        </p>
      </Block>
      <ListBlock
        title="Delivery addresses"
        wide
        items={customer.addresses}
        none="Address not provided"
        keyOf={(address) => address}
        itemClassName="whitespace-pre-line"
        item={(address) => address}
      />
      <Block title="Enquiries" wide>
        <ul className="divide-y divide-stone-200">
          {customer.enquiries.map((enquiry) => (
            <li key={enquiry.id} className="py-1.5">
              <p className="flex justify-between gap-3 font-semibold">
                <span>
                  #{enquiry.displayId} · {shortDate(enquiry.createdAt)}
                </span>
                <span className="whitespace-nowrap">{rupees(enquiry.total)}</span>
              </p>
              <p className="text-stone-700">
                {statusLabel(enquiry.status)} · {enquiry.isGuest ? 'Guest' : 'Account'} · as {enquiry.name}
                {enquiry.quote && ` · ${enquiry.quote.number}: ${QUOTE_STATE_LABELS[enquiry.quote.status]}`}
              </p>
            </li>
          ))}
        </ul>
      </Block>
      <ListBlock
        title="Quotes"
        items={customer.quotes}
        none="None sent yet."
        keyOf={(quote) => quote.number}
        item={(quote) => `${quote.number}: ${formatRupees(quote.total)}, ${QUOTE_STATE_LABELS[quote.status].toLowerCase()}`}
      />
      <ListBlock
        title="Invoices"
        items={customer.invoices}
        none="None yet."
        keyOf={(invoice) => invoice.number}
        item={(invoice) => (
          <>
            {invoice.number} ({invoice.issuedOn}): {formatRupees(invoice.total)},{' '}
            {PAYMENT_STATE_WORDS[invoice.state].toLowerCase()}
            {invoice.balance > 0 && `, ${formatRupees(invoice.balance)} due by ${invoice.dueOn}`}
            {invoice.overdue && <strong className="text-red-800"> (overdue)</strong>}
          </>
        )}
      />
      <StatementBlock customerId={customer.id} />
    </div>
  );
}

/**
 * The customer's payment and quote reminders: going out, or stopped by the staff (a dispute) with who stopped them;
 * one button stops or resumes them, and focus moves to what it says now.
 */
function RemindersSwitch({ customer }: { customer: CustomerRecord }) {
  const change = useSetCustomerReminders();
  const [failed, setFailed] = useState(false);
  const message = useRef<HTMLParagraphElement>(null);
  const stopped = customer.remindersStopped;
  const toggle = () =>
    change.mutate(
      { id: customer.id, stopped: !stopped },
      {
        onSuccess: () => setFailed(false),
        onError: () => setFailed(true),
        onSettled: () => requestAnimationFrame(() => message.current?.focus()),
      },
    );
  return (
    <section aria-labelledby="reminders-title" className="rounded-xl border border-stone-200 p-4">
      <h3 id="reminders-title" className="font-bold text-leaf-900">
        Reminders
      </h3>
      <p ref={message} tabIndex={-1} role="status" className="mt-1 text-sm text-stone-700 focus:outline-none">
        {failed
          ? 'The reminders could not be changed. Please try again.'
          : stopped
            ? `Stopped by ${stopped.by}, ${shortDate(stopped.at)}: no payment or quote reminders are e-mailed to this customer.`
            : 'Payment and quote reminders are e-mailed on the schedule in the settings.'}
      </p>
      <button type="button" onClick={toggle} className="btn-outline mt-2 min-h-11" disabled={change.isPending}>
        {stopped ? 'Resume reminders' : 'Stop reminders'}
      </button>
    </section>
  );
}

/**
 * The price group the customer's account is priced by when signed in (and their enquiries' quote drafts start from):
 * the public prices, or one of the shop's groups; saved as it is chosen.
 */
function PriceGroupChoice({ customer }: { customer: CustomerRecord }) {
  const id = useId();
  const { data: groups } = usePriceGroups();
  const change = useSetCustomerPriceGroup();
  const [said, setSaid] = useState<string | null>(null);
  const choose = (value: string) => {
    const groupId = value === '' ? null : Number(value);
    change.mutate(
      { id: customer.id, groupId },
      {
        onSuccess: ({ priceGroup }) => setSaid(priceGroup ? `Now priced as ${priceGroup.name}.` : 'Now at the public prices.'),
        onError: () => setSaid('The price group could not be changed. Please try again.'),
      },
    );
  };
  return (
    <section className="rounded-xl border border-stone-200 p-4">
      <label htmlFor={id} className="font-bold text-leaf-900">
        Price group
      </label>
      <select
        id={id}
        value={customer.priceGroup?.id ?? ''}
        onChange={(event) => choose(event.target.value)}
        disabled={change.isPending || !groups}
        className="mt-2 block min-h-11 rounded-lg border border-stone-300 px-2"
      >
        <option value="">Public prices</option>
        {groups?.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </select>
      <p role="status" className="mt-1 text-sm text-stone-700">
        {said ?? 'Their account sees these prices when signed in; quote drafts of their enquiries start from them.'}
      </p>
    </section>
  );
}

/** The note the staff keep about the customer: saved on request, with who wrote it last. */
function NoteForm({ customer }: { customer: CustomerRecord }) {
  const id = useId();
  const save = useSaveCustomerNote();
  const [text, setText] = useState(customer.note?.text ?? '');
  const [said, setSaid] = useState<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: customer.id, note: text },
      {
        onSuccess: () => setSaid(text.trim() ? 'Note saved.' : 'Note removed.'),
        onError: () => setSaid('The note could not be saved. Please try again.'),
        onSettled: () => requestAnimationFrame(() => message.current?.focus()),
      },
    );
  };
  return (
    <form onSubmit={submit} className="rounded-xl border border-stone-200 p-4">
      <label htmlFor={id} className="font-bold text-leaf-900">
        Staff note
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={MAX_CUSTOMER_NOTE}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        className="mt-2 block w-full rounded-lg border border-stone-300 p-2 text-sm"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary min-h-11" disabled={save.isPending}>
          Save note
        </button>
        <p ref={message} tabIndex={-1} role="status" className="text-sm text-stone-700 focus:outline-none">
          {said ?? (customer.note ? `Last written by ${customer.note.updatedBy}, ${shortDate(customer.note.updatedAt)}` : '')}
        </p>
      </div>
    </form>
  );
}
