/**
 * Admin accounts the browser tests' server starts with (tests/e2e/support/global-server.ts creates them).
 * `twoFactor` is the only account a test may turn two-factor on for; `plain` never gets it, so any
 * test can sign in with just its password.
 */
export const E2E_ADMINS = {
  twoFactor: { username: 'e2e-admin-2fa', password: 'Admin-2fa-Passw0rd!', email: 'admin-2fa@example.test' },
  plain: { username: 'e2e-admin', password: 'Admin-Plain-Passw0rd!', email: 'admin@example.test' },
} as const;
