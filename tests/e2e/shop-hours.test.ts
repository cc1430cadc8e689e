// The reply promise on the page the checkout opens follows the settings' hours and holidays: a holiday set through the
// settings API on the day the call would fall moves the promise past it, at 390 and 1280 wide. The settings' hours are
// put back afterwards.
import type { BrowserContext } from 'playwright-core';
import { expect, test } from 'vitest';

import { replyBy, replyPromise } from '#domains/enquiry/reply-promise.ts';
import type { HoursSettings, SettingsAnswer } from '#domains/settings/schema.ts';
import { istDate } from '#lib/india-time.ts';

import { E2E_ADMINS } from './support/accounts.ts';
import { csrfHeader } from './support/admin.ts';
import { checkA11y, describeAtViewports, visit } from './support/browser.ts';
import { catalogue, expectEnquirySent, fillCheckout, isPlain, openWithCart, pick, summary } from './support/enquiry.ts';
import { expectURL } from './support/expect.ts';
import { CUSTOMER } from './support/follow.ts';

/** Signs the context in as the plain administrator, for calls to the settings API. */
async function asAdmin(context: BrowserContext): Promise<void> {
  const answer = await context.request.post('/api/auth/login', {
    data: { username: E2E_ADMINS.plain.username, password: E2E_ADMINS.plain.password },
    headers: await csrfHeader(context),
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function putHours(context: BrowserContext, hours: HoursSettings): Promise<void> {
  const answer = await context.request.put('/api/admin/settings/hours', { data: hours, headers: await csrfHeader(context) });
  expect(answer.status(), await answer.text()).toBe(200);
}

describeAtViewports('the reply promise follows the shop’s holidays', (browser, _name, viewport) => {
  test('a holiday on the day the call would fall moves the checkout’s promise to the next working morning', async () => {
    const admin = await browser.open(viewport);
    await asAdmin(admin.context);
    const before = (await (await admin.context.request.get('/api/admin/settings')).json()) as SettingsAnswer;
    const { hours } = before.settings;
    // The day the call is promised on without a holiday becomes one.
    const day = istDate(replyBy(new Date(), hours));
    const holiday: HoursSettings = { ...hours, holidays: [...hours.holidays, { date: day, name: 'Thiruvonam' }] };
    await putHours(admin.context, holiday);
    // Put back before the context closes with the test (other files' promises are worked from the usual hours).
    try {
      await promiseMoves(hours, holiday, day);
    } finally {
      await putHours(admin.context, hours);
    }
  });

  /** An enquiry sent through the checkout is promised a call after `day`, the holiday's day. */
  async function promiseMoves(hours: HoursSettings, holiday: HoursSettings, day: string): Promise<void> {
    const product = pick(await catalogue(), 'an in-stock product without variations', isPlain);
    const { page } = await openWithCart(browser, viewport, [{ productId: product.id, quantity: 1 }]);
    await visit(page, '/checkout');
    await fillCheckout(page, CUSTOMER);
    await summary(page)
      .getByRole('button', { name: /^Submit/ })
      .click();
    await expectURL(page, '/');
    const notice = await expectEnquirySent(page);
    const sentAt = new Date();
    const promised = replyPromise(sentAt, holiday);
    expect(promised, 'the holiday moves the promise').not.toBe(replyPromise(sentAt, hours));
    expect(istDate(replyBy(sentAt, holiday)) > day).toBe(true);
    expect(await notice.textContent()).toContain(promised);
    await checkA11y(page);
  }
});
