// Staff accounts in a real browser at 390 and 1280 px: the administrator invites a colleague from the Staff page, the
// colleague opens the e-mailed link, chooses a username and password, must set up two-factor, and finds the panel
// without Staff or the shop's security log; the administrator sees them, resets their password (the link e-mailed and
// its page) and the colleague chooses a new one; a used link says so. Then a session that ends while a quote is half
// typed: the prompt asks for the password and the code, and the quote is sent as typed. axe on each new screen.
import { expect, test } from 'vitest';

import type { Quote } from '#domains/quote/model.ts';
import { demoShop } from '#domains/settings/demo-shop.ts';

import { E2E_ADMINS } from './support/accounts.ts';
import {
  adminNav,
  expectPhoneFriendly,
  freshCode,
  invitedColleague,
  sendEnquiry,
  sessionEnds,
  signInAsAdmin,
  toast,
} from './support/admin.ts';
import { BASE_URL, checkA11y, describeAtViewports, type OpenPageOptions, visit } from './support/browser.ts';
import { expectCount, expectHidden, expectURL, expectVisible } from './support/expect.ts';
import { linkIn, mailTo } from './support/mail.ts';

const COLLEAGUE_PASSWORD = 'Banana-Leaf#Aluva2026';
const NEW_PASSWORD = 'Sugarcane-Bowl!Kochi77';

/** A used or refused link's preview answers 410 or 404 on purpose. */
const refusedLink: OpenPageOptions = {
  allowRequest: (url, status) => (status === 410 || status === 404) && /\/api\/auth\/(invitation|password-reset)$/.test(url),
  allowConsole: [/^Failed to load resource: the server responded with a status of 410/],
};

describeAtViewports('staff accounts', (browser, viewportName, viewport) => {
  test('an invited colleague joins, sets up two-factor and works; a password reset by e-mail; a used link says so', async () => {
    const { page } = await browser.open(viewport);
    const tag = `${viewportName[0]}${Date.now().toString(36)}`;
    const email = `reshma-${tag}@example.test`;
    const username = `reshma-${tag}`;

    // The administrator invites.
    await signInAsAdmin(page, '/admin/staff');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Staff' }));
    await expectVisible(
      page.getByTestId('staff-row').filter({ hasText: E2E_ADMINS.plain.username }).getByText('You (see Security)'),
    );
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    await page.getByRole('button', { name: 'Invite a colleague' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite a colleague' });
    await invite.getByLabel('E-mail address').fill(email);
    await invite.getByLabel('First name').fill('Reshma');
    expect(await invite.getByRole('radio', { name: /^Staff/ }).isChecked()).toBe(true);
    await checkA11y(page);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expectVisible(toast(page, `Invitation sent to ${email}`));
    await expectHidden(invite);
    await expectVisible(
      page
        .getByTestId('invitation-row')
        .filter({ hasText: email })
        .getByText(/^Works until/),
    );

    // The colleague opens the e-mail's link: the token leaves the address bar.
    // The administrator's account has only a username: the invitation names the shop, not "e2e-admin".
    const mail = await mailTo(email, new RegExp(`^${demoShop.name} invited you to its admin panel$`));
    expect(mail.body).toContain('Dear Reshma,');
    const link = linkIn(mail.body, '/join');
    const colleague = await browser.open(viewport);
    await visit(colleague.page, link);
    await expectVisible(colleague.page.getByRole('heading', { name: 'Join the admin panel' }));
    await expectVisible(colleague.page.getByText(email));
    expect(colleague.page.url()).toBe(`${BASE_URL}/join`);
    await checkA11y(colleague.page);
    await colleague.page.getByLabel('Username').fill(username);
    await colleague.page.getByLabel('Password', { exact: true }).fill('too-short');
    await colleague.page.getByLabel('Confirm password').fill('too-short');
    await colleague.page.getByRole('button', { name: 'Create my account' }).click();
    await expectVisible(colleague.page.getByText('Password must be at least 12 characters long'));
    await colleague.page.getByLabel('Password', { exact: true }).fill(COLLEAGUE_PASSWORD);
    await colleague.page.getByLabel('Confirm password').fill(COLLEAGUE_PASSWORD);
    await colleague.page.getByRole('button', { name: 'Create my account' }).click();

    // Staff set up two-factor before the panel opens: no 'Skip for Now'.
    await expectURL(colleague.page, '/admin');
    await expectVisible(colleague.page.getByRole('heading', { name: 'Set up two-factor authentication' }));
    await expectCount(colleague.page.getByRole('button', { name: 'Skip for Now' }), 0);
    await checkA11y(colleague.page);
    await colleague.page.getByRole('button', { name: 'Setup 2FA Now' }).click();
    await colleague.page.getByRole('button', { name: 'Begin Setup' }).click();
    const key = (await colleague.page.getByTestId('manual-entry-key').textContent())!.trim();
    await colleague.page.getByLabel('Verification code', { exact: true }).fill((await freshCode(key, null)).code);
    await colleague.page.getByRole('button', { name: 'Verify and Enable' }).click();
    await colleague.page.getByRole('button', { name: 'Complete Setup' }).click();
    await expectVisible(colleague.page.getByRole('region', { name: 'Admin session' }).getByText('Secure Admin Session Active'));

    // The staff's panel: no Staff section, and Security is their own settings only.
    const nav = await adminNav(colleague.page);
    await expectVisible(nav.getByRole('link', { name: 'Orders', exact: true }));
    await expectCount(nav.getByRole('link', { name: 'Staff', exact: true }), 0);
    await nav.getByRole('link', { name: 'Security', exact: true }).click();
    await expectVisible(colleague.page.getByRole('heading', { level: 1, name: 'Security Center' }));
    await expectCount(colleague.page.getByRole('tab', { name: 'Security Logs' }), 0);
    await expectVisible(colleague.page.getByTestId('backup-codes-left').getByText('10 of 10 backup codes left.'));
    await checkA11y(colleague.page);
    if (viewportName === 'phone') await expectPhoneFriendly(colleague.page);

    // The administrator sees them, signed in, and resets their password.
    await visit(page, '/admin/staff');
    const row = page.getByTestId('staff-row').filter({ hasText: username });
    await expectVisible(row.getByText('On, 10 backup codes left'));
    await expectVisible(row.getByText(/\(signed in now\)/));
    await expectCount(page.getByTestId('invitation-row').filter({ hasText: email }), 0);
    await row.getByRole('button', { name: /^Manage/ }).click();
    const member = page.getByRole('dialog', { name: `Reshma (${username})` });
    await expectVisible(member.getByText('Joined as staff from an invitation'));
    await checkA11y(page);
    page.once('dialog', (confirm) => void confirm.accept());
    await member.getByRole('button', { name: 'Reset password' }).click();
    await expectVisible(toast(page, `Reshma's password is reset`));
    await expectVisible(member.getByText(/^Password reset: a link to choose a new one was e-mailed by e2e-admin/));

    const reset = linkIn((await mailTo(email, /Choose a new password/)).body, '/reset-password');
    const phone = await browser.open(viewport);
    await visit(phone.page, reset);
    await expectVisible(phone.page.getByRole('heading', { name: 'Choose a new password' }));
    await expectVisible(phone.page.getByText(username));
    await checkA11y(phone.page);
    await phone.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await phone.page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await phone.page.getByRole('button', { name: 'Set my new password' }).click();
    await expectVisible(phone.page.getByRole('heading', { name: 'Your new password is set' }));
    await expectVisible(phone.page.getByRole('link', { name: 'Log in' }));

    // Both links are used up.
    const late = await browser.open(viewport, refusedLink);
    await visit(late.page, link);
    await expectVisible(
      late.page
        .getByRole('alert')
        .getByText(
          'This invitation has already been used. Log in with the username you chose, or ask your administrator for a new one.',
        ),
    );
    await checkA11y(late.page);
  }, 120_000);

  test('the session ends while a quote is half typed: password and code, and the quote goes out as typed', async () => {
    const admin = await browser.open(viewport);
    await signInAsAdmin(admin.page, '/admin');
    const { page, context } = await browser.open(viewport, sessionEnds());
    const tag = `${viewportName[0]}q${Date.now().toString(36)}`;
    const { username, secret, step } = await invitedColleague(admin.context, context, { tag, password: COLLEAGUE_PASSWORD });
    const customer = await browser.open(viewport);
    const name = `Quote Cut ${tag}`;
    const displayId = await sendEnquiry(customer.context, name);

    await visit(page, '/admin/orders');
    await page.getByRole('searchbox', { name: /^Search name/ }).fill(name);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `View order #${displayId}` }).click();
    const details = page.getByRole('dialog', { name: `Order #${displayId}` });
    await details.getByRole('button', { name: 'Prepare quote' }).click();
    const price = details.getByLabel('Price per carton (₹), line 1');
    await price.fill('455.50');
    await details.getByLabel('Note for the customer (optional)').fill('Typed before the session ended.');

    // The session ends (the cookie is gone), then the review is asked for. The panel's reads that poll are held back
    // meanwhile: on a slow machine one could meet the ended session first, and the prompt would then be the poll's.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const polls = '**/api/admin/**';
    await page.route(polls, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.fallback();
    });
    await context.clearCookies();
    await details.getByRole('button', { name: 'Review quote' }).click();
    const prompt = page.getByRole('dialog', { name: 'Your session has ended' });
    await expectVisible(prompt);
    release();
    await page.unroute(polls);
    await expectVisible(prompt.getByText(username));
    expect(await price.inputValue()).toBe('455.50');
    await checkA11y(page);
    // The password box has the focus: typed at once, then the code from the authenticator.
    await page.keyboard.type(COLLEAGUE_PASSWORD);
    await page.keyboard.press('Enter');
    const code = prompt.getByLabel('Authentication code');
    await expectVisible(code);
    await code.pressSequentially((await freshCode(secret, step)).code);
    await page.keyboard.press('Enter');

    // The review the refused request asked for comes up, with what was typed; then the quote goes out.
    await expectHidden(prompt);
    await details.getByRole('button', { name: `Send Q-${displayId}-1 to the customer` }).click();
    await expectVisible(toast(page, 'Quote sent'));
    const quotes = await context.request.get(`/api/admin/orders/${displayId - 1000}/quotes`);
    const sent = ((await quotes.json()) as { quotes: Quote[] }).quotes[0]!;
    // ₹455.50 a carton as typed, in paise; the note as typed.
    expect(sent.lines[0]!.price).toBe(45_550);
    expect(sent.note).toBe('Typed before the session ended.');
    await expectVisible(details.getByText(new RegExp(`^Q-${displayId}-1: `)));
  }, 120_000);
});
