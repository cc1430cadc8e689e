/** WhatsApp chats with a customer: a `wa.me` link with the message already written (nothing to configure). */
import { nationalPhone } from './schemas/text.ts';

/**
 * A phone as wa.me wants it: the country code and the number, digits only. An Indian number (10 digits, typed with or
 * without +91, 91 or 0) gets 91; any other keeps the digits it was typed with (a foreign number typed with its code).
 */
export function whatsappNumber(phone: string): string {
  const national = nationalPhone(phone);
  return /^\d{10}$/.test(national) ? `91${national}` : phone.replace(/\D/g, '');
}

/** A chat with `phone` opened with `text` typed, ready to send. */
export const whatsappChatHref = (phone: string, text: string): string =>
  `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(text)}`;
