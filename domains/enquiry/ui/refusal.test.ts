import { describe, expect, it } from 'vitest';

import { ApiError } from '#app/lib/api.ts';

import { refusalOf } from './refusal.ts';

const FIELDS = new Set(['customerName', 'customerPhone']);
const refused = (status: number, body: ApiError['body']) => refusalOf(new ApiError(status, 'refused', body), FIELDS);

describe('refusalOf: where the server refusal shows on the checkout page', () => {
  it('a 400 about form fields only: each message on its field, nothing above the button', () => {
    expect(
      refused(400, {
        message: 'Invalid enquiry: Name must be at least 2 characters',
        errors: { customerName: 'Name must be at least 2 characters' },
      }),
    ).toEqual({
      fields: [['customerName', 'Name must be at least 2 characters']],
      message: null,
    });
  });

  it('a 400 that is also about something that is not a form field: the fields and the explanation', () => {
    expect(
      refused(400, {
        message: 'Invalid enquiry: Quantity must be at most 999',
        errors: { customerPhone: 'Phone number must be exactly 10 digits', 'items.0.quantity': 'Quantity must be at most 999' },
      }),
    ).toEqual({
      fields: [['customerPhone', 'Phone number must be exactly 10 digits']],
      message: 'Invalid enquiry: Quantity must be at most 999',
    });
  });

  it('a 409 about stock or a 429: the explanation above the button', () => {
    expect(
      refused(409, {
        message: 'Only 3 cartons of Areca Leaf Round Plate (12 inch) can be ordered',
        errors: { quantity: 'At most 3' },
      }),
    ).toEqual({
      fields: [],
      message: 'Only 3 cartons of Areca Leaf Round Plate (12 inch) can be ordered',
    });
    expect(refused(429, { message: 'Too many enquiries' }).message).toBe('Too many enquiries');
  });

  it('a 5xx or an answer without a message explains nothing', () => {
    expect(refused(500, { message: 'Something went wrong on our side.' })).toEqual({ fields: [], message: null });
    expect(refused(400, null)).toEqual({ fields: [], message: null });
  });
});
