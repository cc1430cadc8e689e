import { describe, expect, it } from 'vitest';

import { itAnswers } from '#lib/cases.fixture.ts';
import { messages } from '#lib/schemas/messages.fixture.ts';

import { keepCodeDigits } from './model.ts';
import {
  changePasswordProblem,
  changePasswordSchema,
  loginSchema,
  registerFormSchema,
  registerPayloadSchema,
  twoFactorCodeSchema,
  verifyTwoFactorSchema,
} from './schema.ts';

describe('loginSchema', () => {
  it('trims the username and keeps the password as typed', () => {
    expect(loginSchema.parse({ username: '  alice ', password: ' pw ' })).toEqual({ username: 'alice', password: ' pw ' });
  });

  it('requires both', () => {
    expect(messages(loginSchema, { username: '   ', password: '' })).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });

  it('caps the lengths', () => {
    expect(messages(loginSchema, { username: 'a'.repeat(101), password: 'p'.repeat(257) })).toEqual({
      username: ['Username must be at most 100 characters'],
      password: ['Password must be at most 256 characters long'],
    });
    expect(loginSchema.safeParse({ username: 'a'.repeat(100), password: 'p'.repeat(256) }).success).toBe(true);
  });
});

const form = {
  firstName: 'Asha',
  lastName: 'Rao',
  username: 'asha.rao_1-x',
  email: 'asha@example.com',
  password: 'long enough',
  confirmPassword: 'long enough',
};
const { confirmPassword: _confirm, ...payload } = form;

describe('registerFormSchema', () => {
  it('accepts a complete form', () => {
    expect(registerFormSchema.parse({ ...form, firstName: ' Asha ', email: ' asha@example.com ' })).toEqual(form);
  });

  it('requires every field, with one message each', () => {
    const empty = { firstName: '', lastName: ' ', username: '', email: '', password: '', confirmPassword: '' };
    expect(messages(registerFormSchema, empty)).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      username: ['Username is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      confirmPassword: ['Please confirm your password'],
    });
  });

  it('wants 8 to 256 characters of password', () => {
    expect(messages(registerFormSchema, { ...form, password: '1234567', confirmPassword: '1234567' })).toEqual({
      password: ['Password must be at least 8 characters long'],
    });
    const long = 'p'.repeat(257);
    expect(messages(registerFormSchema, { ...form, password: long, confirmPassword: long })).toEqual({
      password: ['Password must be at most 256 characters long'],
    });
  });

  it('reports a confirmation that differs on confirmPassword, also while other fields are wrong', () => {
    expect(messages(registerFormSchema, { ...form, confirmPassword: 'long enougH' })).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
    expect(messages(registerFormSchema, { ...form, email: 'nope', password: 'short', confirmPassword: 'other' })).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters long'],
      confirmPassword: ['Passwords do not match'],
    });
  });

  it.each(['ab', 'a'.repeat(31), 'with space', 'ümlaut', 'at@sign', 'semi;colon'])('refuses the username %j', (username) => {
    expect(messages(registerFormSchema, { ...form, username })).toEqual({
      username: ['Username must be 3 to 30 letters, digits, dots, dashes or underscores'],
    });
  });

  it.each(['abc', 'a'.repeat(30), 'A.B_C-9'])('accepts the username %j', (username) => {
    expect(registerFormSchema.safeParse({ ...form, username }).success).toBe(true);
  });

  it.each(['asha', 'asha@', '@example.com', 'asha@example', `${'a'.repeat(250)}@example.com`])(
    'refuses the email %j',
    (email) => {
      expect(messages(registerFormSchema, { ...form, email })).toEqual({ email: ['Please enter a valid email address'] });
    },
  );

  it('caps names at 50 characters', () => {
    expect(messages(registerFormSchema, { ...form, firstName: 'a'.repeat(51), lastName: 'b'.repeat(51) })).toEqual({
      firstName: ['First name must be at most 50 characters'],
      lastName: ['Last name must be at most 50 characters'],
    });
  });
});

describe('registerPayloadSchema', () => {
  it('accepts the fields without the confirmation', () => {
    expect(registerPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('refuses unknown fields, the confirmation among them', () => {
    expect(registerPayloadSchema.safeParse(form).success).toBe(false);
    expect(registerPayloadSchema.safeParse({ ...payload, role: 'admin' }).success).toBe(false);
  });

  it('applies the same field rules as the form', () => {
    expect(messages(registerPayloadSchema, { ...payload, username: 'x', password: 'short' })).toEqual({
      username: ['Username must be 3 to 30 letters, digits, dots, dashes or underscores'],
      password: ['Password must be at least 8 characters long'],
    });
  });
});

describe('two-factor codes', () => {
  it.each(['123456', '000000', ' 654321 '])('twoFactorCodeSchema accepts %j', (token) => {
    expect(twoFactorCodeSchema.parse({ token })).toEqual({ token: token.trim() });
  });

  it.each(['', '12345', '1234567', '12345a', 'ABCD-EFGH'])('twoFactorCodeSchema refuses %j', (token) => {
    expect(messages(twoFactorCodeSchema, { token })).toEqual({ token: ['Please enter the 6-digit code'] });
  });

  it.each(['123456', 'ABCD-EFGH', 'abcd-efgh', 'ABCDEFGH', ' 2345-6789 '])('verifyTwoFactorSchema accepts %j', (token) => {
    expect(verifyTwoFactorSchema.parse({ token })).toEqual({ token: token.trim() });
  });

  it.each(['', '12345', 'ABCD-EFG', 'ABCD--EFGH', 'ABCD-EFG0', 'ABCD EFGH', 'ABCDEFGHJ'])(
    'verifyTwoFactorSchema refuses %j',
    (token) => {
      expect(messages(verifyTwoFactorSchema, { token })).toEqual({ token: ['Please enter the 6-digit code or a backup code'] });
    },
  );

  itAnswers('keepCodeDigits(%j) is %j', keepCodeDigits, [
    ['123456', '123456'],
    ['12 34 56', '123456'],
    ['1a2b3c4d5e6f7', '123456'],
    ['12345678', '123456'],
    ['abc', ''],
  ]);
});

describe('changePasswordProblem', () => {
  const good = { currentPassword: 'old password', newPassword: 'New passw0rd!', confirmPassword: 'New passw0rd!' };

  it('accepts a good change, with or without the confirmation', () => {
    expect(changePasswordProblem(good)).toBeNull();
    expect(changePasswordProblem({ currentPassword: good.currentPassword, newPassword: good.newPassword })).toBeNull();
  });

  it.each([
    [{ ...good, currentPassword: '' }],
    [{ ...good, newPassword: '' }],
    [{ ...good, confirmPassword: '' }],
    [{ newPassword: 'New passw0rd!' }],
    [{}],
  ])('1. all fields are required: %j', (input) => {
    expect(changePasswordProblem(input)).toBe('All fields are required');
  });

  it('2. the new passwords must match', () => {
    expect(changePasswordProblem({ ...good, confirmPassword: 'New passw0rd?' })).toBe('New passwords do not match');
  });

  it('3. the new password has at least 12 characters', () => {
    expect(changePasswordProblem({ ...good, newPassword: 'Sh0rt!pass1', confirmPassword: 'Sh0rt!pass1' })).toBe(
      'New password must be at least 12 characters long',
    );
    expect(changePasswordProblem({ ...good, newPassword: 'Sh0rt!pass12', confirmPassword: 'Sh0rt!pass12' })).toBeNull();
  });

  it('4. the new password differs from the current one', () => {
    expect(changePasswordProblem({ ...good, currentPassword: good.newPassword })).toBe(
      'New password must be different from current password',
    );
  });

  it.each(['new passw0rd!', 'NEW PASSW0RD!', 'New password!', 'New passw0rd', 'New passw0rd  '])(
    '5. the new password mixes uppercase, lowercase, digits and symbols: %j',
    (newPassword) => {
      expect(changePasswordProblem({ ...good, newPassword, confirmPassword: newPassword })).toBe(
        'New password must contain uppercase, lowercase, numbers, and symbols',
      );
    },
  );

  it.each(['New passw0rd_', 'New passw0rd€', 'New passw0rd.'])(
    '5. counts any non-letter, non-digit, non-space as a symbol: %j',
    (newPassword) => {
      expect(changePasswordProblem({ ...good, newPassword, confirmPassword: newPassword })).toBeNull();
    },
  );

  it('checks in its fixed order, reporting only the first problem', () => {
    // Fails 1 and 2 (confirmation empty, so it differs) → 1.
    expect(changePasswordProblem({ currentPassword: '', newPassword: 'short', confirmPassword: 'x' })).toBe(
      'All fields are required',
    );
    // Fails 2 and 3 → 2.
    expect(changePasswordProblem({ currentPassword: 'old', newPassword: 'short', confirmPassword: 'other' })).toBe(
      'New passwords do not match',
    );
    // Fails 3, 4 and 5 → 3.
    expect(changePasswordProblem({ currentPassword: 'short', newPassword: 'short', confirmPassword: 'short' })).toBe(
      'New password must be at least 12 characters long',
    );
    // Fails 4 and 5 → 4.
    const weak = 'weak but long enough';
    expect(changePasswordProblem({ currentPassword: weak, newPassword: weak, confirmPassword: weak })).toBe(
      'New password must be different from current password',
    );
  });
});

describe('changePasswordSchema', () => {
  const good = { currentPassword: 'old password', newPassword: 'New passw0rd!' };

  it('accepts a good change, with or without the confirmation', () => {
    expect(changePasswordSchema.parse(good)).toEqual(good);
    expect(changePasswordSchema.parse({ ...good, confirmPassword: good.newPassword })).toEqual({
      ...good,
      confirmPassword: good.newPassword,
    });
  });

  it('reports the first problem as one issue on the whole body', () => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'short', confirmPassword: 'other' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
    expect(result.error!.issues[0]).toMatchObject({ path: [], message: 'New passwords do not match' });
  });

  it('reports missing passwords as required', () => {
    expect(messages(changePasswordSchema, {})).toEqual({ '': ['All fields are required'] });
    expect(messages(changePasswordSchema, { newPassword: 'New passw0rd!' })).toEqual({ '': ['All fields are required'] });
  });

  it('refuses unknown fields and passwords over 256 characters', () => {
    expect(changePasswordSchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
    const long = `Aa1!${'x'.repeat(253)}`;
    expect(messages(changePasswordSchema, { ...good, newPassword: long })).toEqual({
      newPassword: ['Password must be at most 256 characters long'],
    });
  });
});
