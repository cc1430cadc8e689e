import { describe, expect, it } from 'vitest';

import { parseLastEnquiry } from './last-enquiry.ts';

const sentAt = '2026-11-28T12:00:00.000Z';
const now = Date.parse(sentAt) + 60_000;
const stored = (value: unknown) => JSON.stringify(value);

describe('parseLastEnquiry', () => {
  it('reads what the checkout stored', () => {
    const enquiry = { displayId: 1042, summary: '3 cartons Areca Leaf Round Plate', sentAt };
    expect(parseLastEnquiry(stored(enquiry), now)).toEqual(enquiry);
  });
  it('keeps the status link token only when it has a token’s shape', () => {
    const token = 'a'.repeat(43);
    const enquiry = { displayId: 1042, summary: 'x', sentAt };
    expect(parseLastEnquiry(stored({ ...enquiry, statusToken: token }), now)?.statusToken).toBe(token);
    expect(parseLastEnquiry(stored({ ...enquiry, statusToken: '../admin' }), now)?.statusToken).toBeUndefined();
  });
  it('reads nothing, broken data or a week-old enquiry as none', () => {
    expect(parseLastEnquiry(null, now)).toBeNull();
    expect(parseLastEnquiry('{not json', now)).toBeNull();
    expect(parseLastEnquiry(stored({ displayId: '1042', summary: 'x', sentAt }), now)).toBeNull();
    expect(parseLastEnquiry(stored({ displayId: 1042, summary: 'x' }), now)).toBeNull();
    const week = 7 * 24 * 3_600_000;
    expect(parseLastEnquiry(stored({ displayId: 1042, summary: 'x', sentAt }), Date.parse(sentAt) + week)).toBeNull();
    expect(parseLastEnquiry(stored({ displayId: 1042, summary: 'x', sentAt }), Date.parse(sentAt) + week - 1)).not.toBeNull();
  });
});
