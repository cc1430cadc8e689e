import { useRef, useState } from 'react';

import { INQUIRY_TYPES } from '../../../../core/enquiry';
import type { AdminContact } from '../../../../core/schemas/admin';
import { useToast } from '../../../lib/toast';
import { exportUrl, type ListParams, useContacts, useDeleteContact, useSetContactSeen } from '../shared/admin-api';
import { AdminTable, CELL, DeleteButton, rowClass, SeenButton } from '../shared/AdminTable';
import { shortDate } from '../shared/format';
import {
  ExportLink,
  ListSearch,
  ListStatus,
  Pager,
  refining,
  type SeenFilter,
  seenParam,
  SeenTabs,
} from '../shared/ListControls';

const MESSAGE_PREVIEW = 80;
const typeLabel = (value: string) => INQUIRY_TYPES.find((type) => type.value === value)?.label ?? value;

/** /admin/contacts (spec: Contacts page): the contact inquiries, filtered and paged on the server. */
export function ContactsPage() {
  const toast = useToast();
  const [filter, setFilter] = useState<SeenFilter>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const refine = refining(setPage);
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
        <SeenTabs value={filter} counts={data?.counts} onChange={refine(setFilter)} />
        <ListSearch label="Search name, e-mail, phone, company or message" initial={q} onSearch={refine(setQ)} />
        <ExportLink href={exportUrl('contacts', params)} />
      </div>
      <ListStatus failed={contacts.isError} empty={data?.items.length === 0} what="messages" />
      {data && data.items.length > 0 && (
        <AdminTable
          caption="Contact inquiries, newest first"
          columns={['Date', 'Name', 'Email', 'Phone', 'Company', 'Inquiry Type', 'Message', 'Seen', 'Actions']}
        >
          {data.items.map((contact) => (
            <tr key={contact.id} data-testid="contact-row" className={rowClass(contact.seen)}>
              <td data-label="Date" className={CELL}>
                {shortDate(contact.createdAt)}
              </td>
              <td data-label="Name" className={`${CELL} font-semibold`}>
                {contact.name}
              </td>
              <td data-label="Email" className={`${CELL} break-all`}>
                {contact.email}
              </td>
              <td data-label="Phone" className={CELL}>
                {contact.phone ?? 'Not provided'}
              </td>
              <td data-label="Company" className={CELL}>
                {contact.company ?? '—'}
              </td>
              <td data-label="Inquiry Type" className={CELL}>
                {typeLabel(contact.inquiryType)}
              </td>
              <td data-label="Message" className={CELL} title={contact.message}>
                {contact.message.length > MESSAGE_PREVIEW ? `${contact.message.slice(0, MESSAGE_PREVIEW)}…` : contact.message}
              </td>
              <td data-label="Seen" className={CELL}>
                {contact.seen ? 'Seen' : 'Unseen'}
              </td>
              <td data-label="Actions" className={CELL}>
                <span className="flex gap-1">
                  <SeenButton seen={contact.seen} what={`message from ${contact.name}`} onClick={() => toggleSeen(contact)} />
                  <DeleteButton what={`message from ${contact.name}`} onClick={() => deleteContact(contact)} />
                </span>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
    </section>
  );
}
