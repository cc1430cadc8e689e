// A contact message, for the shop's inbox.
import { INQUIRY_TYPES } from '#domains/enquiry/model.ts';
import type { AdminContact } from '#domains/message/schema.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import { renderMail } from '#platform/mail/layout.tsx';
import type { OutgoingMail } from '#platform/mail/outbox.ts';

/** A contact message as the staff's list holds it, without the list's own state. */
type ContactForMail = Omit<AdminContact, 'createdAt' | 'seen' | 'enquiryDisplayId'>;

export function shopContactMail(shop: PublicShop, contact: ContactForMail): OutgoingMail {
  const type = INQUIRY_TYPES.find((t) => t.value === contact.inquiryType)?.label ?? contact.inquiryType;
  return renderMail({
    shop,
    to: shop.email,
    replyTo: contact.email,
    subject: `New message (${type}) from ${contact.name}`,
    greeting: null,
    intro: [`Message #${contact.id}: ${type}`],
    facts: [
      { label: 'Name', value: contact.name },
      { label: 'E-mail', value: contact.email },
      { label: 'Phone', value: contact.phone ?? 'Not provided' },
      ...(contact.company ? [{ label: 'Company', value: contact.company }] : []),
    ],
    outro: [contact.message],
    signed: false,
  });
}
