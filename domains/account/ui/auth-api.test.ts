import { describe, expect, it } from 'vitest';

import { ApiError } from '#app/lib/api.ts';
import { CsrfTokenError } from '#app/lib/csrf.ts';

import { authErrorMessage } from './auth-api.ts';

const NO_ANSWER = 'Login failed. Please try again.';
const NO_REASON = 'Login failed';

describe('authErrorMessage (the server message, else the fallbacks)', () => {
  it("shows the server's message", () => {
    const error = new ApiError(401, '{}', { message: 'Invalid username or password' });
    expect(authErrorMessage(error, NO_ANSWER, NO_REASON)).toBe('Invalid username or password');
  });

  it('falls back to the generic text when the server answered without a message', () => {
    for (const body of [null, {}, { message: '' }, { message: '  ' }, { message: 42 as unknown as string }])
      expect(authErrorMessage(new ApiError(500, 'Internal Server Error', body), NO_ANSWER, NO_REASON)).toBe(NO_REASON);
  });

  it('falls back to the screen text when there was no answer at all', () => {
    expect(authErrorMessage(new TypeError('Failed to fetch'), NO_ANSWER, NO_REASON)).toBe(NO_ANSWER);
  });

  it("shows the token failure's own message", () => {
    expect(authErrorMessage(new CsrfTokenError(), NO_ANSWER, NO_REASON)).toBe('Failed to get security token');
  });

  it('uses one fallback for both cases when the screen gives one', () => {
    expect(authErrorMessage(new ApiError(500, 'x'), 'Logout failed')).toBe('Logout failed');
    expect(authErrorMessage(new Error('offline'), 'Logout failed')).toBe('Logout failed');
  });
});
