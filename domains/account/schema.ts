import { z } from 'zod';

import { BACKUP_CODE_ALPHABET, TWO_FACTOR_CODE_LENGTH } from '#domains/account/model.ts';
import { emailRules, singleLine, wellFormed } from '#lib/schemas/text.ts';

const MAX_PASSWORD = 256;
const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD} characters long`;

/** A required text: one message when empty (abort: the other checks would only repeat it). */
const required = (message: string) => singleLine({ error: message }).trim().min(1, { error: message, abort: true });

export const loginSchema = z.object({
  username: required('Username is required').max(100, 'Username must be at most 100 characters'),
  password: wellFormed({ error: 'Password is required' })
    .min(1, { error: 'Password is required', abort: true })
    .max(MAX_PASSWORD, PASSWORD_TOO_LONG),
});
export type LoginInput = z.output<typeof loginSchema>;

const personName = (label: string) => required(`${label} is required`).max(50, `${label} must be at most 50 characters`);

/** The username rule of sign-up, for every account. */
export const usernameSchema = required('Username is required').regex(
  /^[A-Za-z0-9._-]{3,30}$/,
  'Username must be 3 to 30 letters, digits, dots, dashes or underscores',
);
export const firstNameSchema = personName('First name');

/** A customer's password, as sign-up and a customer's password reset take it. */
export const customerPasswordSchema = wellFormed({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(8, 'Password must be at least 8 characters long')
  .max(MAX_PASSWORD, PASSWORD_TOO_LONG);

/** The registration fields, shared by the browser form and the API body. */
const registerFields = {
  firstName: firstNameSchema,
  lastName: personName('Last name'),
  username: usernameSchema,
  email: emailRules(required('Email is required')),
  password: customerPasswordSchema,
};

const confirmation = z.object({ password: z.string(), confirmPassword: z.string().min(1) });

export const registerFormSchema = z
  .object({ ...registerFields, confirmPassword: wellFormed().min(1, 'Please confirm your password') })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    // Also while other fields are still wrong, once there is a confirmation to compare.
    when: (payload) => confirmation.safeParse(payload.value).success,
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** The API body of a registration: the form without the confirmation, nothing more. */
export const registerPayloadSchema = z.strictObject(registerFields);
export type RegisterPayload = z.output<typeof registerPayloadSchema>;

const codePattern = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);
const backupCodePattern = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{4}-?[${BACKUP_CODE_ALPHABET}]{4}$`, 'i');

const CODE_REQUIRED = 'Please enter the 6-digit code';
const CODE_OR_BACKUP_REQUIRED = 'Please enter the 6-digit code or a backup code';

export const twoFactorCodeSchema = z.object({
  token: z.string(CODE_REQUIRED).trim().regex(codePattern, CODE_REQUIRED),
});

/** Signing in: the app's code or one of the backup codes. */
export const verifyTwoFactorSchema = z.object({
  token: z
    .string(CODE_OR_BACKUP_REQUIRED)
    .trim()
    .refine((token) => codePattern.test(token) || backupCodePattern.test(token), CODE_OR_BACKUP_REQUIRED),
});

/** What a code field keeps of what is typed or pasted: only digits, at most 6. */
export function keepCodeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH);
}

export interface ChangePasswordInput {
  currentPassword?: string;
  newPassword?: string;
  /** Absent for API callers that send only the two passwords: then it is taken to match. */
  confirmPassword?: string;
}

/** The panel's passwords: at least this long, with an uppercase letter, a lowercase one, a digit and a symbol. */
export const PANEL_PASSWORD_MIN = 12;
const PASSWORD_KINDS = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u];
const tooShort = (password: string) => password.length < PANEL_PASSWORD_MIN;
const lacksKinds = (password: string) => !PASSWORD_KINDS.every((kind) => kind.test(password));

/** The first of the five checks of a new password that fails, in their fixed order, or null. */
export function changePasswordProblem(input: ChangePasswordInput): string | null {
  const { currentPassword, newPassword } = input;
  const confirmPassword = input.confirmPassword ?? newPassword;
  if (!currentPassword || !newPassword || !confirmPassword) return 'All fields are required';
  if (newPassword !== confirmPassword) return 'New passwords do not match';
  if (tooShort(newPassword)) return `New password must be at least ${PANEL_PASSWORD_MIN} characters long`;
  if (newPassword === currentPassword) return 'New password must be different from current password';
  if (lacksKinds(newPassword)) return 'New password must contain uppercase, lowercase, numbers, and symbols';
  return null;
}

/** A password chosen for a panel account from an e-mailed link (an invitation, a reset): the change-password rules. */
export function panelPasswordProblem(password: string): string | null {
  if (tooShort(password)) return `Password must be at least ${PANEL_PASSWORD_MIN} characters long`;
  if (lacksKinds(password)) return 'Password must contain uppercase, lowercase, numbers, and symbols';
  return null;
}

/** A new panel password: required, at most the sign-in form's length, the rules above. */
export const panelPasswordSchema = wellFormed({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .max(MAX_PASSWORD, PASSWORD_TOO_LONG)
  .superRefine((password, ctx) => {
    const problem = panelPasswordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const passwordField = wellFormed().max(MAX_PASSWORD, PASSWORD_TOO_LONG);

/** The API body of a password change. A missing password is '' so that it gets 'All fields are required'. */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: passwordField.default(''),
    newPassword: passwordField.default(''),
    confirmPassword: passwordField.optional(),
  })
  .superRefine((value, ctx) => {
    const problem = changePasswordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });
export type ChangePasswordPayload = z.output<typeof changePasswordSchema>;
