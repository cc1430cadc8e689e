import { ClipboardPlus, Mail, MessageCircle, Phone } from 'lucide-react';
import { useState } from 'react';

import { exportUrl, type ListParams, useContacts, useDeleteContact, useSetContactSeen } from '#app/admin/admin-api.ts';
import { AdminTable, CARD_CELL, CardBreak, cardRow, DeleteButton, SeenButton } from '#app/admin/AdminTable.tsx';
import { messageReplyLinks, shortDate } from '#app/admin/format.ts';
import { ExportLink, ListScreen, ListSearch, ListStatus, Pager, seenParam, SeenTabs } from '#app/admin/ListControls.tsx';
import { useAdminList } from '#app/admin/use-admin-list.ts';
import { useToast } from '#app/lib/toast.tsx';
import { INQUIRY_TYPES } from '#domains/enquiry/model.ts';
import type { AdminContact } from '#domains/message/schema.ts';
import { useShop } from '#domains/settings/ui/shop.ts';

import { MessageEnquiryDialog } from './MessageEnquiryDialog.tsx';

/** The spec's columns of the Contacts page, in its order. */
const COLUMNS = ['Date', 'Name', 'Email', 'Phone', 'Company', 'Inquiry Type', 'Message', 'Seen', 'Actions'] as const;
/** On a phone a message longer than this opens folded to its first lines, with a button for the rest. */
const FOLDED_CHARACTERS = 400;
/**
 * In the table a message longer than this, or than four lines, is truncated to four lines (with the button): four lines
 * of the narrowest message column (9 rem) hold at least this many characters, so no shorter message is cut unseen.
 */
const TRUNCATED_CHARACTERS = 60;
const typeLabel = (value: string) => INQUIRY_TYPES.find((type) => type.value === value)?.label ?? value;
/** A piece of the card's line under the name: small text on a phone. */
const DETAIL = `${CARD_CELL} text-sm text-stone-700 md:text-stone-900`;
/** A reply link: a labelled button on the phone's card, a link in its table cell. */
const REPLY =
  'btn-outline max-w-full px-3 md:min-h-11 md:justify-start md:border-0 md:bg-transparent md:px-0 md:font-normal md:underline';

/**
 * /admin/contacts, the Contacts page: the contact inquiries, filtered and paged on the server (the filter, search and
 * page in the address). From tablet width the spec's table (date, name, e-mail, phone, company, inquiry type, the
 * message truncated, seen, actions); on a phone each row is a card, since the message is the point of it: who wrote
 * (name, company, inquiry type, date, seen), one-tap e-mail, call and WhatsApp, the message (a long one folds) and the
 * actions. A tap on 'Show the whole message' unfolds a folded or truncated one, on any screen.
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
        <AdminTable caption="Contact inquiries, newest first" columns={COLUMNS}>
          {data.items.map((contact) => (
            <ContactRow
              key={contact.id}
              contact={contact}
              onToggleSeen={() => toggleSeen(contact)}
              onDelete={() => deleteContact(contact)}
              onMakeEnquiry={() => setEnquiryFor(contact)}
            />
          ))}
        </AdminTable>
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

function ContactRow({
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
  const foldsOnPhone = contact.message.length > FOLDED_CHARACTERS;
  const truncated = contact.message.length > TRUNCATED_CHARACTERS || contact.message.split('\n').length > 4;
  const links = messageReplyLinks(contact, useShop().name);
  const messageId = `message-${contact.id}`;
  return (
    <tr data-testid="contact-row" className={cardRow(contact.seen, 'mb-3 items-baseline gap-x-3 gap-y-2 p-4')}>
      <td data-label="Date" className={`${DETAIL} order-5`}>
        {shortDate(contact.createdAt)}
      </td>
      <td data-label="Name" className={`${CARD_CELL} order-1 text-base font-semibold text-stone-900 md:font-normal`}>
        {contact.name}
      </td>
      <td data-label="Email" className={`${CARD_CELL} order-8 max-w-full`}>
        <a href={links.email} className={REPLY}>
          <Mail aria-hidden="true" className="size-4 shrink-0 md:hidden" />
          <span className="[overflow-wrap:anywhere] md:whitespace-nowrap">{contact.email}</span>
        </a>
      </td>
      <td data-label="Phone" className={`${CARD_CELL} order-9 ${links.call ? '' : 'max-md:hidden'}`}>
        <span className="flex flex-wrap gap-x-3 gap-y-2 md:flex-col md:gap-0">
          {links.call && (
            <a href={links.call} className={`${REPLY} whitespace-nowrap`}>
              <Phone aria-hidden="true" className="size-4 md:hidden" />
              {contact.phone}
            </a>
          )}
          {links.whatsapp && (
            <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={REPLY}>
              <MessageCircle aria-hidden="true" className="size-4 md:hidden" />
              WhatsApp
            </a>
          )}
        </span>
      </td>
      <td
        data-label="Company"
        className={`${CARD_CELL} order-2 text-stone-700 md:text-stone-900 ${contact.company ? '' : 'max-md:hidden'}`}
      >
        {contact.company}
      </td>
      <CardBreak className="order-3" />
      <td data-label="Inquiry Type" className={`${DETAIL} order-4`}>
        {typeLabel(contact.inquiryType)}
      </td>
      <td data-label="Message" className={`${CARD_CELL} order-10 basis-full md:min-w-36`}>
        <p
          id={messageId}
          className={`break-words whitespace-pre-line text-stone-900 ${unfolded ? '' : `${foldsOnPhone ? 'line-clamp-4' : ''} ${truncated ? 'md:line-clamp-4' : ''}`}`}
        >
          {contact.message}
        </p>
        {truncated && (
          <button
            type="button"
            aria-expanded={unfolded}
            aria-controls={messageId}
            onClick={() => setUnfolded(!unfolded)}
            className={`tap text-sm font-semibold text-leaf-800 underline underline-offset-2 ${foldsOnPhone ? '' : 'max-md:hidden'}`}
          >
            {unfolded ? 'Show less' : 'Show the whole message'}
          </button>
        )}
      </td>
      <td data-label="Seen" className={`${DETAIL} order-6 font-semibold md:font-normal`}>
        {contact.seen ? 'Seen' : 'Unseen'}
      </td>
      <CardBreak className="order-7" />
      <td data-label="Actions" className={`${CARD_CELL} order-11 basis-full`}>
        <span className="flex flex-wrap items-center gap-2 md:w-23 md:gap-1">
          <SeenButton seen={contact.seen} what={`message from ${contact.name}`} onClick={onToggleSeen} />
          {contact.enquiryDisplayId === null ? (
            <button type="button" className="btn-outline min-h-11 md:size-11 md:p-0" onClick={onMakeEnquiry}>
              <ClipboardPlus aria-hidden="true" className="size-4" />
              <span className="md:sr-only">Make an enquiry</span>
              <span className="sr-only"> of the message from {contact.name}</span>
            </button>
          ) : (
            <span className="text-sm font-semibold text-leaf-900">Made into enquiry #{contact.enquiryDisplayId}</span>
          )}
          <span className="max-md:ml-auto">
            <DeleteButton what={`message from ${contact.name}`} onClick={onDelete} />
          </span>
        </span>
      </td>
    </tr>
  );
}
