import { ClipboardPlus, Mail, MessageCircle, Phone } from 'lucide-react';
import { useState } from 'react';

import { INQUIRY_TYPES } from '../../../../core/enquiry';
import type { AdminContact } from '../../../../core/schemas/admin';
import { useToast } from '../../../lib/toast';
import { exportUrl, type ListParams, useContacts, useDeleteContact, useSetContactSeen } from '../shared/admin-api';
import { AdminList, DeleteButton, SeenButton } from '../shared/AdminTable';
import { messageReplyLinks, shortDate } from '../shared/format';
import { ExportLink, ListScreen, ListSearch, ListStatus, Pager, seenParam, SeenTabs } from '../shared/ListControls';
import { useAdminList } from '../shared/use-admin-list';
import { MessageEnquiryDialog } from './MessageEnquiryDialog';

/** A message longer than this opens folded to its first lines, with a button for the rest. */
const FOLDED_CHARACTERS = 400;
const typeLabel = (value: string) => INQUIRY_TYPES.find((type) => type.value === value)?.label ?? value;

/**
 * /admin/contacts, the Contacts page: the contact inquiries, filtered and paged on the server (the filter, search and
 * page in the address). A message is the
 * point of the row, so each is a card: who wrote (name, company, inquiry type, date, seen), one-tap call, e-mail and
 * WhatsApp, the whole message (a long one folds, a tap unfolds it, on any screen), and the actions.
 */
export function ContactsPage() {
  const toast = useToast();
  const list = useAdminList();
  const [enquiryFor, setEnquiryFor] = useState<AdminContact | null>(null);
  const params: ListParams = { page: list.page, seen: seenParam(list.show), q: list.q || undefined };
  const contacts = useContacts(params);
  const setSeen = useSetContactSeen();
  const remove = useDeleteContact();
  const data = contacts.data;

  const toggleSeen = list.seenToggler(setSeen, 'Failed to update contact status.', () => toast({ title: 'Contact updated' }));
  const deleteContact = list.deleter(
    remove,
    (contact: AdminContact) => `Are you sure you want to delete the contact from ${contact.name}? This action cannot be undone.`,
    'Failed to delete contact.',
  );

  return (
    <ListScreen id="contacts-title" title="Contacts" heading={list.heading}>
      <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <SeenTabs value={list.show} counts={data?.counts} onChange={list.setShow} />
        <ListSearch label="Search name, e-mail, phone, company or message" initial={list.q} onSearch={list.filter('q')} />
        <ExportLink href={exportUrl('contacts', params)} />
      </div>
      <ListStatus failed={contacts.isError} empty={data?.items.length === 0} what="messages" />
      {data && data.items.length > 0 && (
        <AdminList label="Contact inquiries, newest first">
          {data.items.map((contact) => (
            <ContactCard
              key={contact.id}
              contact={contact}
              onToggleSeen={() => toggleSeen(contact)}
              onDelete={() => deleteContact(contact)}
              onMakeEnquiry={() => setEnquiryFor(contact)}
            />
          ))}
        </AdminList>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />}
      {enquiryFor && (
        <MessageEnquiryDialog
          contact={enquiryFor}
          onClose={() => setEnquiryFor(null)}
          onMade={(displayId) => {
            setEnquiryFor(null);
            toast({ title: `Enquiry #${displayId} made`, description: 'The customer was e-mailed its number and status link.' });
          }}
        />
      )}
    </ListScreen>
  );
}

function ContactCard({
  contact,
  onToggleSeen,
  onDelete,
  onMakeEnquiry,
}: {
  contact: AdminContact;
  onToggleSeen: () => void;
  onDelete: () => void;
  onMakeEnquiry: () => void;
}) {
  const [unfolded, setUnfolded] = useState(false);
  const folds = contact.message.length > FOLDED_CHARACTERS;
  const links = messageReplyLinks(contact);
  const messageId = `message-${contact.id}`;
  return (
    <li
      data-testid="contact-row"
      className={`rounded-xl border border-stone-200 p-4 ${contact.seen ? 'bg-white' : 'bg-amber-50'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-base font-semibold text-stone-900">
          {contact.name}
          {contact.company && <span className="font-normal text-stone-700"> · {contact.company}</span>}
        </h2>
        <p className="text-sm text-stone-700">
          {typeLabel(contact.inquiryType)} · {shortDate(contact.createdAt)} ·{' '}
          <span className="font-semibold">{contact.seen ? 'Seen' : 'Unseen'}</span>
        </p>
      </div>
      <ul aria-label={`Reply to ${contact.name}`} className="mt-2 flex flex-wrap gap-2 text-sm">
        <li className="max-w-full">
          <a href={links.email} className="btn-outline max-w-full px-3">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <span className="[overflow-wrap:anywhere]">{contact.email}</span>
          </a>
        </li>
        {links.call && (
          <li>
            <a href={links.call} className="btn-outline px-3 whitespace-nowrap">
              <Phone aria-hidden="true" className="size-4" />
              {contact.phone}
            </a>
          </li>
        )}
        {links.whatsapp && (
          <li>
            <a href={links.whatsapp} target="_blank" rel="noreferrer" className="btn-outline px-3">
              <MessageCircle aria-hidden="true" className="size-4" />
              WhatsApp
            </a>
          </li>
        )}
      </ul>
      <p
        id={messageId}
        className={`mt-3 break-words whitespace-pre-line text-stone-900 ${folds && !unfolded ? 'line-clamp-4' : ''}`}
      >
        {contact.message}
      </p>
      {folds && (
        <button
          type="button"
          aria-expanded={unfolded}
          aria-controls={messageId}
          onClick={() => setUnfolded(!unfolded)}
          className="tap text-sm font-semibold text-leaf-800 underline underline-offset-2"
        >
          {unfolded ? 'Show less' : 'Show the whole message'}
        </button>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <SeenButton seen={contact.seen} what={`message from ${contact.name}`} onClick={onToggleSeen} />
        {contact.enquiryDisplayId === null ? (
          <button type="button" className="btn-outline min-h-11" onClick={onMakeEnquiry}>
            <ClipboardPlus aria-hidden="true" className="size-4" /> Make an enquiry
            <span className="sr-only"> of the message from {contact.name}</span>
          </button>
        ) : (
          <p className="text-sm font-semibold text-leaf-900">Made into enquiry #{contact.enquiryDisplayId}</p>
        )}
        <span className="ml-auto">
          <DeleteButton what={`message from ${contact.name}`} onClick={onDelete} />
        </span>
      </div>
    </li>
  );
}
