import { describe, expect, test } from 'vitest';

import { gone, notFound, tooMany } from '#lib/errors.ts';

import { pageRefusal } from './loader-errors.server.ts';

describe('pageRefusal', () => {
  test('a refusal answers its kind’s status with its message', () => {
    expect(pageRefusal(notFound('Enquiry not found'))).toEqual({ status: 404, message: 'Enquiry not found' });
    expect(pageRefusal(gone('This link has been replaced'))).toEqual({ status: 410, message: 'This link has been replaced' });
    expect(pageRefusal(tooMany('Slow down', 60))).toEqual({ status: 429, message: 'Slow down' });
  });

  test('a refusal from another copy of the module is recognised by its shape', () => {
    const copy = Object.assign(new Error('Enquiry not found'), { name: 'DomainError', kind: 'not-found' });
    expect(pageRefusal(copy)).toEqual({ status: 404, message: 'Enquiry not found' });
  });

  test('anything else is rethrown, whatever its message says', () => {
    const bug = new Error('Product not found in the map');
    expect(() => pageRefusal(bug)).toThrow(bug);
  });
});
