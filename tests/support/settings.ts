// A real supplier's settings, every section saved by an administrator, and a scanned signature to upload (the API and
// browser tests' values); the settings read back as the screen reads them.
import sharp from 'sharp';
import { expect } from 'vitest';

import type { SettingsAnswer, ShopSettings } from '#domains/settings/schema.ts';

import type { Client } from './accounts.ts';

export const ADDRESS = {
  street: '2nd Floor, 41/1020 MG Road',
  locality: 'Ravipuram',
  city: 'Ernakulam',
  state: 'Kerala',
  postalCode: '682016',
};
// A real-shaped Kerala GSTIN with its check character (domains/tax/gst.ts's rule).
const GSTIN = '32ABCDE1234F1Z9';
export const SAVED: ShopSettings = {
  business: {
    tradingName: 'Kochi Leafware',
    legalName: 'Kochi Leafware LLP',
    gstin: GSTIN,
    address: ADDRESS,
    phone: '9895012345',
    whatsapp: '9895054321',
    email: 'orders@kochi-leafware.example',
    social: [{ name: 'Instagram', url: 'https://www.instagram.com/kochileafware.example' }],
    coordinates: null,
  },
  dispatch: { address: { ...ADDRESS, street: 'Godown 3, KINFRA Park', locality: 'Kalamassery', postalCode: '683503' } },
  hours: {
    week: [
      null,
      { opens: 9, closes: 17 },
      { opens: 9, closes: 17 },
      { opens: 9, closes: 17 },
      { opens: 9, closes: 17 },
      { opens: 9, closes: 17 },
      { opens: 9, closes: 13 },
    ],
    holidays: [{ date: '2027-08-25', name: 'Thiruvonam' }],
  },
  documents: {
    logo: null,
    signatoryName: 'Meera Nair',
    signature: null,
    invoicePrefix: 'KL',
    creditNotePrefix: 'KLC',
    quoteValidityDays: 10,
    paymentTermsDays: 15,
    terms: 'Goods once delivered are not taken back after 7 days.',
    deliveryInState: 7500,
    deliveryElsewhere: 25000,
  },
  payments: {
    upiId: 'kochileaf@okicici',
    upiName: 'Kochi Leafware',
    upiMerchant: true,
    upiMerchantCode: '5411',
    upiLimit: 10000000,
    bankAccount: '123456789012',
    ifsc: 'ICIC0001234',
    bankName: 'ICICI Bank',
    bankBranch: 'MG Road, Kochi',
  },
  tax: { gstRates: [5, 18], eInvoicing: true, hsnDigits: 6 },
  reminders: { enabled: false, offsets: [-2, 0, 10, 30], everyMinutes: 30, quoteDaysBefore: 3 },
  tally: {
    sales: 'വിൽപന {rate}% (Sales)',
    delivery: 'Freight Outward',
    cgst: 'CGST Payable',
    sgst: 'SGST Payable',
    igst: 'IGST Payable',
    roundOff: 'Rounding Off',
    cash: 'Cash in Hand',
    bank: 'Federal Bank CA',
    unit: 'Ctn',
    detail: 'inventory',
  },
};

/** A signature as a scanner app saves it: dark ink on a see-through background. */
export const signaturePng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">' +
        '<path d="M20 150 C 120 20, 220 180, 320 60 S 520 160, 580 40" stroke="#1c2a5a" stroke-width="8" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** The settings as an administrator's screen reads them (GET /api/admin/settings), expected to answer. */
export const readSettings = async (admin: Client): Promise<SettingsAnswer> => {
  const response = await admin.get<SettingsAnswer>('/api/admin/settings');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
