// A colleague's day on a phone (390 × 844), end to end: the administrator invites them from the Staff page; they join
// from the e-mailed link, set up two-factor as staff must, sign in with the password and a code, and work one
// customer's enquiry through the today list: reply, quote (the customer accepts through their status link), invoice,
// payment and dispatch. At each step every count of the today list is checked against the enquiries the test made
// (the shared server's other tests add their own, so each count is checked against its list at that moment), and a
// count holding the enquiry opens its list with the enquiry in it. The menu bar stays within 64 px and the work starts
// under it, with no scrolling. The customer's e-mail, phone and name are this run's own, so no other test counts them.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import type { AdminOrder } from '#domains/order-file/schema.ts';
import { TODAY_STEPS, type TodayStep } from '#domains/order-file/today.ts';
import type { AdminPage } from '#lib/schemas/list.ts';

import { adminNav, csrfHeader, expectPhoneFriendly, freshCode, letters, sendEnquiry, signInAsAdmin } from './support/admin.ts';
import { checkA11y, CHROMIUM, scrollY, useBrowser, VIEWPORTS, visit } from './support/browser.ts';
import { expectURL, expectVisible, poll } from './support/expect.ts';
import { linkIn, mailTo } from './support/mail.ts';

const PHONE = VIEWPORTS.phone;
const PASSWORD = 'Coconut-Husk!Thrissur26';
/** The menu bar's most, on a phone. */
const MENU_MAX_PX = 64;

/** An enquiries list as the panel reads it: one step of the today list, narrowed by a search when given. */
async function stepList(context: BrowserContext, step: TodayStep, q?: string): Promise<AdminPage<AdminOrder>> {
  const answer = await context.request.get(`/api/admin/orders?step=${step}${q ? `&q=${encodeURIComponent(q)}` : ''}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as AdminPage<AdminOrder>;
}

/** The count a today list's step shows. */
async function shownCount(page: Page, step: TodayStep): Promise<number> {
  const text = (await page.getByTestId(`today-${step}`).textContent()) ?? '';
  return Number(text.match(/^[\d,]+/)?.[0]?.replaceAll(',', ''));
}

/** At the top of the page the menu bar is at most 64 px high, and `work` starts under it within the first screen. */
async function expectWorkUnderMenu(page: Page, work: Locator): Promise<void> {
  expect(await scrollY(page)).toBe(0);
  const bar = (await page.getByTestId('admin-phone-bar').boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(MENU_MAX_PX);
  const box = (await work.first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

describe.skipIf(!CHROMIUM)("a colleague's day on a phone", () => {
  const browser = useBrowser();

  test('invited, joined with two-factor, signed in on a phone: reply, quote, invoice, payment and dispatch from the today list', async () => {
    const tag = letters();
    const email = `anjali-${tag}@example.test`;
    const username = `anjali-${tag}`;
    const customerName = `Day Journey ${tag}`;
    const customerEmail = `day-journey-${tag}@example.in`;
    const customerPhone = `9${String(Date.now()).slice(-9)}`;

    // The administrator invites a colleague from the Staff page.
    const admin = await browser.open(PHONE);
    await signInAsAdmin(admin.page, '/admin/staff');
    await admin.page.getByRole('button', { name: 'Invite a colleague' }).click();
    const invite = admin.page.getByRole('dialog', { name: 'Invite a colleague' });
    await invite.getByLabel('E-mail address').fill(email);
    await invite.getByLabel('First name').fill('Anjali');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expectVisible(admin.page.getByTestId('invitation-row').filter({ hasText: email }));

    // The colleague joins on their phone from the e-mail's link and sets up two-factor: staff cannot skip it.
    const { page, context } = await browser.open(PHONE);
    await visit(page, linkIn((await mailTo(email, / invited you to /)).body, '/join'));
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Set up two-factor authentication' }));
    await page.getByRole('button', { name: 'Setup 2FA Now' }).click();
    await page.getByRole('button', { name: 'Begin Setup' }).click();
    const key = (await page.getByTestId('manual-entry-key').textContent())!.trim();
    const setup = await freshCode(key, null);
    await page.getByLabel('Verification code', { exact: true }).fill(setup.code);
    await page.getByRole('button', { name: 'Verify and Enable' }).click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await (await adminNav(page)).getByRole('button', { name: 'Logout', exact: true }).click();
    await expectURL(page, '/login');

    // Next morning, on the phone: the password, then the code from the authenticator.
    await page.getByRole('tab', { name: 'Admin Login' }).click();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByLabel('Authentication code', { exact: true }).fill((await freshCode(key, setup.step)).code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectURL(page, '/admin');
    await expectVisible(page.getByRole('region', { name: 'Admin session' }).getByText('Secure Admin Session Active'));

    // A customer's enquiry comes in.
    const customer = await browser.open(PHONE);
    const displayId = await sendEnquiry(customer.context, customerName, { email: customerEmail, phone: customerPhone });

    /**
     * The today list with the enquiry in `steps` and no other: its lists say so (searched by the customer's name), and
     * each count is the size of its step's list (read again while another test changed one in between).
     */
    async function expectToday(steps: TodayStep[]): Promise<void> {
      for (const step of TODAY_STEPS) {
        const ours = (await stepList(context, step, customerName)).items.map((order) => order.displayId);
        expect(ours, `the ${step} list`).toEqual(steps.includes(step) ? [displayId] : []);
      }
      const read = async (): Promise<Array<[TodayStep, number, number]>> => {
        await visit(page, '/admin');
        await expectVisible(page.getByTestId('today-to-reply'));
        const shown = await Promise.all(TODAY_STEPS.map((step) => shownCount(page, step)));
        const totals = await Promise.all(TODAY_STEPS.map(async (step) => (await stepList(context, step)).total));
        return TODAY_STEPS.map((step, index) => [step, shown[index]!, totals[index]!]);
      };
      await expect
        .poll(async () => (await read()).filter(([, shown, total]) => shown !== total), {
          timeout: 60_000,
          interval: 100,
          message: 'counts that differ from their lists',
        })
        .toEqual([]);
      for (const step of steps) expect(await shownCount(page, step), step).toBeGreaterThanOrEqual(1);
      await expectWorkUnderMenu(page, page.getByRole('heading', { name: 'Today', exact: true }));
    }

    /** From the dashboard, a step's count opens its list; searched, the enquiry is in it. Answers its details. */
    async function openFrom(step: TodayStep): Promise<Locator> {
      await page.getByTestId(`today-${step}`).click();
      await expectURL(page, `/admin/orders?step=${step}`);
      const search = page.getByRole('searchbox', { name: /^Search name/ });
      await search.fill(customerName);
      await page.keyboard.press('Enter');
      await expectURL(page, `/admin/orders?step=${step}&q=${customerName.replaceAll(' ', '+')}`);
      const row = page.getByTestId('order-row').filter({ hasText: customerName });
      await poll(() => page.getByTestId('order-row').count(), `${step}: the one enquiry`).toBe(1);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expectWorkUnderMenu(page, row);
      await row.getByRole('button', { name: `View order #${displayId}` }).click();
      const details = page.getByRole('dialog', { name: `Order #${displayId}` });
      await expectVisible(details);
      return details;
    }

    // To reply: the count opens the list; a call, and the colleague confirms the order by its status.
    await expectToday(['to-reply']);
    await checkA11y(page);
    await expectPhoneFriendly(page);
    let details = await openFrom('to-reply');
    expect(
      await details
        .getByTestId('customer-contact')
        .getByRole('link', { name: `Call ${customerPhone}` })
        .getAttribute('href'),
    ).toBe(`tel:${customerPhone}`);
    // A choice from the phone's picker saves at once: the Save status button is there only for a keyboard's choice,
    // and is gone as soon as the status is saved.
    await details.getByLabel('Change status').selectOption('confirmed');
    await expectVisible(details.getByText('Current status: Confirmed'));

    // Confirmed: to invoice. The quote, valid until tomorrow, goes out from that list.
    await expectToday(['to-invoice']);
    details = await openFrom('to-invoice');
    await details.getByRole('button', { name: 'Prepare quote' }).click();
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + 86_400_000));
    await details.getByLabel('Valid until').fill(tomorrow);
    await details.getByRole('button', { name: 'Review quote' }).click();
    await details.getByRole('button', { name: `Send Q-${displayId}-1 to the customer` }).click();
    await expectVisible(details.getByText(new RegExp(`^Q-${displayId}-1: ₹[\\d,]+\\.\\d{2} · Waiting`)));

    // The quote waits for an answer and ends within two days; the customer accepts it from their status link.
    await expectToday(['awaiting-answer', 'expiring', 'to-invoice']);
    for (const step of ['awaiting-answer', 'expiring'] as const) {
      await openFrom(step);
      await visit(page, '/admin');
    }
    const statusUrl = /https?:\/\/\S+\/enquiry\/\S+/.exec((await mailTo(customerEmail, /^We received your enquiry/)).body)?.[0];
    expect(statusUrl).toBeDefined();
    const token = new URL(statusUrl!).pathname.split('/').at(-1)!;
    const accepted = await customer.context.request.post(`/api/enquiries/status/${token}/quote/accept`, {
      headers: await csrfHeader(customer.context),
      data: { version: 1 },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // Accepted: the invoice is issued from the to-invoice list.
    await expectToday(['to-invoice']);
    details = await openFrom('to-invoice');
    await details.getByRole('button', { name: 'Issue invoice' }).click();
    await details.getByRole('button', { name: /^Yes, issue invoice for ₹/ }).click();
    await expectVisible(details.getByText(/^Invoice GL\/\d{4}-\d{2}\/\d{4} of .* · Unpaid/));

    // Invoiced: unpaid and to dispatch. The payment in full, in cash, from the unpaid list.
    await expectToday(['unpaid', 'to-dispatch']);
    await openFrom('to-dispatch');
    await visit(page, '/admin');
    details = await openFrom('unpaid');
    await details.getByRole('button', { name: 'Record payment' }).click();
    await details.getByLabel('Method').selectOption('cash');
    await details.getByRole('button', { name: 'Record payment' }).click();
    await expectVisible(details.getByText(/^Invoice GL\/\d{4}-\d{2}\/\d{4} of .* · Paid/));

    // Paid: to dispatch. Shipped with its docket, it leaves the today list.
    await expectToday(['to-dispatch']);
    details = await openFrom('to-dispatch');
    await details.getByLabel('Change status').selectOption('shipped');
    await details.getByLabel('Transporter').fill('Kerala Roadways');
    await details.getByLabel('Docket or LR number').fill('krw/55120');
    await details.getByRole('button', { name: 'Mark shipped' }).click();
    await expectVisible(details.getByText('Current status: Shipped'));
    await expectToday([]);
  }, 300_000);
});
