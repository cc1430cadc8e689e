import { describe, expect, it } from 'vitest';

import { ApiError } from '#app/lib/api.ts';

import { type Refusal, refusalOf } from './refusal.ts';

const FIELDS = new Set(['customerName', 'customerPhone']);
const refused = (status: number, body: ApiError['body']) => refusalOf(new ApiError(status, 'refused', body), FIELDS);

const STOCK = 'Only 3 cartons of Areca Leaf Round Plate (12 inch) can be ordered';

describe('refusalOf: where the server refusal shows on the checkout page', () => {
  it.each<[title: string, status: number, body: ApiError['body'], shown: Refusal]>([
    [
      'a 400 about form fields only: each message on its field, nothing above the button',
      400,
      {
        message: 'Invalid enquiry: Name must be at least 2 characters',
        errors: { customerName: 'Name must be at least 2 characters' },
      },
      { fields: [['customerName', 'Name must be at least 2 characters']], message: null },
    ],
    [
      'a 400 that is also about something that is not a form field: the fields and the explanation',
      400,
      {
        message: 'Invalid enquiry: Quantity must be at most 999',
        errors: { customerPhone: 'Phone number must be exactly 10 digits', 'items.0.quantity': 'Quantity must be at most 999' },
      },
      {
        fields: [['customerPhone', 'Phone number must be exactly 10 digits']],
        message: 'Invalid enquiry: Quantity must be at most 999',
      },
    ],
    [
      'a 409 about stock: the explanation above the button',
      409,
      { message: STOCK, errors: { quantity: 'At most 3' } },
      { fields: [], message: STOCK },
    ],
    [
      'a 429: the explanation above the button',
      429,
      { message: 'Too many enquiries' },
      { fields: [], message: 'Too many enquiries' },
    ],
    ['a 5xx explains nothing', 500, { message: 'Something went wrong on our side.' }, { fields: [], message: null }],
    ['an answer without a message explains nothing', 400, null, { fields: [], message: null }],
  ])('%s', (_title, status, body, shown) => {
    expect(refused(status, body)).toEqual(shown);
  });
});
