import { describe, expect, it } from 'vitest';

import type { AdminOrder } from '#domains/order-file/schema.ts';

import { historyText, replyLinks } from './format.ts';

const item = (productName: string, quantity: number, price: string, options: AdminOrder['items'][number]['options']) => ({
  id: 1,
  productId: 1,
  productName,
  quantity,
  price,
  lineTotal: price,
  variationId: null,
  variationType: options[0]?.type ?? null,
  variationName: options[0]?.name ?? null,
  variationValue: options[0]?.value ?? null,
  options,
  unitsPerCarton: 250,
  unitType: 'sets',
  pricePerUnit: '13.60',
  cartonWeight: null,
  cartonDimensions: null,
  priceBasis: null,
});

const ORDER: AdminOrder = {
  id: 42,
  displayId: 1042,
  createdAt: '2026-11-26T06:51:48.179Z',
  status: 'pending',
  seen: false,
  customerName: 'Anitha Menon',
  customerEmail: 'anitha@example.in',
  customerPhone: '9847012345',
  isGuest: true,
  userId: null,
  sessionId: null,
  deliveryLocation: 'Kochi, Kerala 682024',
  shippingAddress: null,
  specialRequests: null,
  customerGstin: null,
  subtotal: '7060.00',
  tax: '0.00',
  total: '7060.00',
  items: [
    item('Sadya Party Pack', 2, '3400.00', [{ type: 'size', name: 'Size', value: '250 Guests' }]),
    item('Bagasse Cup 200 ml', 1, '260.00', []),
  ],
  quote: null,
  amount: {
    basis: 'estimate',
    label: 'Estimate before GST and delivery',
    taxable: 7_060_00,
    tax: 0,
    roundOff: 0,
    total: 7_060_00,
  },
};

describe('the one-tap replies', () => {
  it('name each line with its chosen options, and the estimate before a quote', () => {
    const chat = decodeURIComponent(replyLinks(ORDER, 'Green Leaf Eco Tableware').whatsapp!.split('?text=')[1]!);
    expect(chat).toBe(
      'Hello Anitha Menon, this is Green Leaf Eco Tableware about your enquiry #1042: 2 cartons Sadya Party Pack (Size: 250 Guests), 1 carton Bagasse Cup 200 ml; estimated total ₹7,060.00 before GST and delivery.',
    );
    expect(replyLinks(ORDER, 'Green Leaf Eco Tableware').whatsapp).toMatch(/^https:\/\/wa\.me\/919847012345\?text=/);
  });

  it('give the quote’s number and amount once there is one, never the catalogue total', () => {
    const quoted = {
      ...ORDER,
      quote: { number: 'Q-1042-2', status: 'sent' as const, total: 8_33_100, validUntil: '2026-12-03' },
    };
    const chat = decodeURIComponent(replyLinks(quoted, 'Green Leaf Eco Tableware').whatsapp!.split('?text=')[1]!);
    expect(chat).toContain('; quote Q-1042-2, ₹8,331.00 with GST.');
    expect(chat).not.toContain('7,060');
    const mail = decodeURIComponent(replyLinks(quoted, 'Green Leaf Eco Tableware').email.split('&body=')[1]!);
    expect(mail).toContain('2 cartons Sadya Party Pack (Size: 250 Guests), 1 carton Bagasse Cup 200 ml; quote Q-1042-2');
  });
});

describe('the history', () => {
  const entry = (action: string, after: Record<string, unknown>) => ({ action, before: null, after });

  it('says what was done in words, never the stored key', () => {
    expect(historyText(entry('invoice-issued', { number: 'GL/2026-27/0007', total: '27842.00', quote: 'Q-1042-1' }))).toBe(
      'Invoice GL/2026-27/0007 issued for ₹27,842.00 from quote Q-1042-1',
    );
    expect(historyText(entry('payment', { amount: '10000.00', receivedOn: '2026-12-04', method: 'bank-transfer' }))).toBe(
      'Payment of ₹10,000.00 recorded (Bank transfer, received 2026-12-04)',
    );
    expect(
      historyText(
        entry('credit-note', {
          number: 'CN/2026-27/0001',
          invoice: 'GL/2026-27/0007',
          total: '950.00',
          reason: 'Two cartons damaged',
        }),
      ),
    ).toBe('Credit note CN/2026-27/0001 issued for ₹950.00 against invoice GL/2026-27/0007: Two cartons damaged');
    expect(historyText(entry('dispatch', { transporter: 'Kerala Roadways', docketNumber: 'KRW/88123' }))).toBe(
      'Dispatch recorded: Kerala Roadways, docket KRW/88123',
    );
    expect(historyText(entry('status', { status: 'delivered' }))).toBe('Status set to Delivered');
    expect(historyText(entry('made-from-message', { message: 3 }))).toBe('Made from a contact message');
    expect(historyText(entry('refund-paid-out', {}))).toBe('Refund paid out');
    expect(historyText(entry('payment-reminder', { invoice: 'GL/2026-27/0007', step: 7, balance: '1313.00' }))).toBe(
      'Payment reminder e-mailed (7 days after the due date): ₹1,313.00 still to pay on invoice GL/2026-27/0007',
    );
    expect(historyText(entry('quote-expired', { number: 'Q-1042-1', validUntil: '2026-12-07' }))).toBe(
      'Quote Q-1042-1 expired (valid until 2026-12-07)',
    );
    expect(historyText(entry('refund', { amount: '46.00', method: 'upi', paidOn: '2026-12-05' }))).toBe(
      'Refund of ₹46.00 paid out (UPI, paid 2026-12-05)',
    );
  });
});
