import { describe, expect, it } from 'vitest';

import { stepWords } from './schema.ts';

describe('the reminders schedule', () => {
  it('names the steps', () => {
    expect([-3, -1, 0, 1, 15].map(stepWords)).toEqual([
      '3 days before the due date',
      '1 day before the due date',
      'on the due date',
      '1 day after the due date',
      '15 days after the due date',
    ]);
  });
});
