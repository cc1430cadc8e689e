import { describe, expect, it } from 'vitest';

import type { AdminOrder } from '../../../../core/schemas/admin';
import { replyLinks } from './format';

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
};

describe('the one-tap replies', () => {
  it('name each line with its chosen options, and the estimate before a quote', () => {
    const chat = decodeURIComponent(replyLinks(ORDER).whatsapp!.split('?text=')[1]!);
    expect(chat).toBe(
      'Hello Anitha Menon, this is Green Leaf Eco Tableware about your enquiry #1042: 2 cartons Sadya Party Pack (Size: 250 Guests), 1 carton Bagasse Cup 200 ml; estimated total ₹7,060.00 before GST and delivery.',
    );
    expect(replyLinks(ORDER).whatsapp).toMatch(/^https:\/\/wa\.me\/919847012345\?text=/);
  });

  it('give the quote’s number and amount once there is one, never the catalogue total', () => {
    const quoted = {
      ...ORDER,
      quote: { number: 'Q-1042-2', status: 'sent' as const, total: 8_33_100, validUntil: '2026-12-03' },
    };
    const chat = decodeURIComponent(replyLinks(quoted).whatsapp!.split('?text=')[1]!);
    expect(chat).toContain('; quote Q-1042-2, ₹8,331.00 with GST.');
    expect(chat).not.toContain('7,060');
    const mail = decodeURIComponent(replyLinks(quoted).email.split('&body=')[1]!);
    expect(mail).toContain('2 cartons Sadya Party Pack (Size: 250 Guests), 1 carton Bagasse Cup 200 ml; quote Q-1042-2');
  });
});
