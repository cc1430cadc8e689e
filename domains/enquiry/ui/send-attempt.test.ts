import { describe, expect, it } from 'vitest';

import { attemptFor } from './send-attempt.ts';

describe('attemptFor: one Idempotency-Key per enquiry', () => {
  let made = 0;
  const newKey = () => `key-${++made}`;

  it('the first submit makes a key; retrying the same enquiry keeps it', () => {
    const first = attemptFor(null, '{"a":1}', newKey);
    expect(attemptFor(first, '{"a":1}', newKey)).toBe(first);
  });

  it('a changed form or list of lines is a new enquiry with a new key', () => {
    const first = attemptFor(null, '{"a":1}', newKey);
    const changed = attemptFor(first, '{"a":2}', newKey);
    expect(changed.key).not.toBe(first.key);
    expect(changed.payload).toBe('{"a":2}');
  });
});
