import { greetingName, type PublicUser } from '#domains/account/model.ts';
import { displayIdOf, ENQUIRY_NUMBER_BASE, TAX } from '#domains/enquiry/model.ts';
import type { CheckoutForm, EnquiryPayload } from '#domains/enquiry/schema.ts';
import { piecePrice } from '#domains/pricing/model.ts';
import type { Language } from '#lib/language.ts';
import { toDecimalString, toPaise } from '#lib/money.ts';

import { type EnquiryLine, enquiryTotal } from './enquiry-lines.ts';

/** Who is sending: a logged-in user, else a guest with a client-generated session id. */
export interface CheckoutUser {
  id: number;
  /** Prefills the name field: first and last name, else the username. */
  name: string;
  email: string;
  /** The page greets by first name, else username. */
  greeting: string;
}

export function checkoutUserOf(user: PublicUser): CheckoutUser {
  return {
    id: user.id,
    name: [user.firstName.trim(), user.lastName.trim()].filter(Boolean).join(' ') || user.username,
    email: user.email,
    greeting: greetingName(user),
  };
}

type CheckoutValues = Omit<CheckoutForm, 'website'>;

/**
 * The enquiry payload POST /api/orders takes (domains/enquiry/schema.ts). The server recomputes prices and totals from
 * the catalogue.
 */
export function enquiryPayload(
  values: CheckoutValues,
  lines: readonly EnquiryLine[],
  sender: { user: CheckoutUser | null; guestSessionId: () => string },
  language: Language = 'en',
): EnquiryPayload {
  const subtotal = enquiryTotal(lines);
  return {
    customerName: values.customerName,
    customerEmail: values.customerEmail,
    customerPhone: values.customerPhone,
    deliveryLocation: values.deliveryLocation,
    specialRequests: values.specialRequests ?? '',
    // The form hands over the GSTIN as its rule reads it (capitals, no spaces); the server reads it again.
    customerGstin: values.customerGstin || null,
    customerBusinessName: values.customerBusinessName?.trim() || null,
    items: lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      quantity: line.quantity,
      price: toDecimalString(line.price),
      variationId: line.variationId,
      optionIds: line.optionIds,
      variationName: line.variationName,
      variationType: line.variationType,
      variationValue: line.variationValue,
      unitsPerCarton: line.unitsPerCarton,
      unitType: line.unitType,
      pricePerUnit: toDecimalString(piecePrice(line.price, line.unitsPerCarton)),
      cartonWeight: line.cartonWeight,
      cartonDimensions: line.cartonDimensions,
    })),
    subtotal: toDecimalString(subtotal),
    tax: TAX,
    total: toDecimalString(subtotal + toPaise(TAX)),
    isGuest: sender.user === null,
    userId: sender.user?.id ?? null,
    sessionId: sender.user === null ? sender.guestSessionId() : null,
    orderIdPrefix: ENQUIRY_NUMBER_BASE,
    // Said only for Malayalam: an English enquiry is sent as the spec writes it.
    ...(language === 'en' ? {} : { language }),
  };
}

/** The number people see: the answer's displayId, else 1000 plus the id. */
export function enquiryNumberOf(answer: { id?: unknown; displayId?: unknown }): number | null {
  if (typeof answer.displayId === 'number' && Number.isSafeInteger(answer.displayId)) return answer.displayId;
  if (typeof answer.id === 'number' && Number.isSafeInteger(answer.id)) return displayIdOf(answer.id);
  return null;
}
