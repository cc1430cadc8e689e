import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';

import { INQUIRY_TYPES } from '../../../../core/enquiry';
import type { AdminContact } from '../../../../core/schemas/admin';
import { useToast } from '../../../lib/toast';
import { exportUrl, type ListParams, useContacts, useDeleteContact, useSetContactSeen } from '../shared/admin-api';
import { shortDate } from '../shared/format';
import { ExportLink, ListSearch, Pager, type SeenFilter, seenParam, SeenTabs } from '../shared/ListControls';

const MESSAGE_PREVIEW = 80;
const typeLabel = (value: string) => INQUIRY_TYPES.find((type) => type.value === value)?.label ?? value;
const cell =
  'flex justify-between gap-3 px-3 py-2 md:table-cell md:align-top before:font-semibold before:text-stone-600 before:content-[attr(data-label)] md:before:content-none';

/** /admin/contacts (spec: Contacts page): the contact inquiries, filtered and paged on the server. */
export function ContactsPage() {
  const toast = useToast();
  const [filter, setFilter] = useState<SeenFilter>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const params: ListParams = { page, seen: seenParam(filter), q: q || undefined };
  const contacts = useContacts(params);
  const setSeen = useSetContactSeen();
  const remove = useDeleteContact();
  const data = contacts.data;

  const toggleSeen = (contact: AdminContact) =>
    setSeen.mutate(
      { id: contact.id, seen: !contact.seen },
      {
        onSuccess: () => toast({ title: 'Contact updated' }),
        onError: () => toast({ title: 'Error', description: 'Failed to update contact status.', variant: 'destructive' }),
      },
    );
  const deleteContact = (contact: AdminContact) => {
    if (!window.confirm(`Are you sure you want to delete the contact from ${contact.name}? This action cannot be undone.`))
      return;
    remove.mutate(contact.id, {
      onSuccess: () => heading.current?.focus(),
      onError: () => toast({ title: 'Error', description: 'Failed to delete contact.', variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby="contacts-title">
      <h1 id="contacts-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-leaf-900 focus:outline-none">
        Contacts
      </h1>
      <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <SeenTabs
          value={filter}
          counts={data?.counts}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        <ListSearch
          label="Search name, e-mail, phone, company or message"
          initial={q}
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <ExportLink href={exportUrl('contacts', params)} />
      </div>
      {contacts.isError && (
        <p role="alert" className="mt-6 text-red-800">
          The messages could not be loaded. Please try again.
        </p>
      )}
      {data && data.items.length === 0 && <p className="mt-6 text-stone-700">No messages match.</p>}
      {data && data.items.length > 0 && (
        <table className="mt-6 block w-full text-sm md:table">
          <caption className="sr-only">Contact inquiries, newest first</caption>
          <thead className="sr-only md:not-sr-only">
            <tr className="border-b border-stone-300 text-left text-stone-600">
              {['Date', 'Name', 'Email', 'Phone', 'Company', 'Inquiry Type', 'Message', 'Seen', 'Actions'].map((title) => (
                <th key={title} scope="col" className="px-3 py-2 font-semibold">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {data.items.map((contact) => (
              <tr
                key={contact.id}
                data-testid="contact-row"
                className={`mb-3 block rounded-xl border border-stone-200 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-b ${
                  contact.seen ? 'bg-white' : 'bg-amber-50'
                }`}
              >
                <td data-label="Date" className={cell}>
                  {shortDate(contact.createdAt)}
                </td>
                <td data-label="Name" className={`${cell} font-semibold`}>
                  {contact.name}
                </td>
                <td data-label="Email" className={`${cell} break-all`}>
                  {contact.email}
                </td>
                <td data-label="Phone" className={cell}>
                  {contact.phone ?? 'Not provided'}
                </td>
                <td data-label="Company" className={cell}>
                  {contact.company ?? '—'}
                </td>
                <td data-label="Inquiry Type" className={cell}>
                  {typeLabel(contact.inquiryType)}
                </td>
                <td data-label="Message" className={cell} title={contact.message}>
                  {contact.message.length > MESSAGE_PREVIEW ? `${contact.message.slice(0, MESSAGE_PREVIEW)}…` : contact.message}
                </td>
                <td data-label="Seen" className={cell}>
                  {contact.seen ? 'Seen' : 'Unseen'}
                </td>
                <td data-label="Actions" className={cell}>
                  <span className="flex gap-1">
                    <button type="button" className="btn-outline size-11 p-0" onClick={() => toggleSeen(contact)}>
                      {contact.seen ? (
                        <EyeOff aria-hidden="true" className="size-4" />
                      ) : (
                        <Eye aria-hidden="true" className="size-4" />
                      )}
                      <span className="sr-only">
                        {contact.seen ? 'Mark as unseen' : 'Mark as seen'}: message from {contact.name}
                      </span>
                    </button>
                    <button type="button" className="btn-outline size-11 p-0 text-red-800" onClick={() => deleteContact(contact)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="sr-only">Delete message from {contact.name}</span>
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
    </section>
  );
}
