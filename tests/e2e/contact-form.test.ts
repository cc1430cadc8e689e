// The contact page's message form: the five validation messages, idle →
// 'Sending...' → success that resets the form, failure that keeps it, customer text sent as text,
// and accessibility.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { checkA11y, describeAtViewports, visit } from './support/browser.ts';
import { allowFailure, expectToast, holdApi, main, recordToastTimes, toasts, toastTimes } from './support/enquiry.ts';
import { expectURL, expectVisible, isFocused, poll } from './support/expect.ts';
import { expectFieldError, fieldsByLabel, watchForZod } from './support/forms.ts';

// The messages of domains/enquiry/schema.ts.
const MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  phone: 'Phone number must be exactly 10 digits',
  inquiryType: 'Please select an inquiry type',
  message: 'Message must be at least 10 characters',
};

const VALID = {
  name: 'Rahul <b>hi</b> Menon',
  email: 'rahul.menon@example.com',
  company: 'Hotel Periyar & Sons',
  phone: '9447012345',
  inquiryType: { value: 'bulk-order', label: 'Bulk Order Quote' },
  message: 'We need 40 cartons of 10 inch plates every month. <b>hi</b> <script>alert(1)</script>',
};

const isContact = (pathname: string) => pathname === '/api/contact';

function form(page: Page) {
  const region = main(page).getByRole('region', { name: 'Send us a message' });
  return {
    region,
    ...fieldsByLabel(region, {
      name: 'Name',
      email: 'Email',
      company: 'Company (optional)',
      phone: 'Phone (optional)',
      inquiryType: 'Inquiry type',
      message: 'Message',
    }),
    send: region.getByRole('button', { name: /^Send/ }),
  };
}

async function fillValid(page: Page): Promise<void> {
  const f = form(page);
  await f.name.fill(VALID.name);
  await f.email.fill(VALID.email);
  await f.company.fill(VALID.company);
  await f.phone.fill(VALID.phone);
  await f.inquiryType.selectOption({ label: VALID.inquiryType.label });
  await f.message.fill(VALID.message);
}

async function values(page: Page): Promise<string[]> {
  const f = form(page);
  return Promise.all([f.name, f.email, f.company, f.phone, f.inquiryType, f.message].map((field) => field.inputValue()));
}

describeAtViewports('contact form', (browser, _name, viewport) => {
  test('the page passes axe; an empty submit shows the five messages, each on its field', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/contact');
    const f = form(page);
    await expectVisible(f.region);
    expect(await f.inquiryType.inputValue()).toBe('');
    await checkA11y(page);

    await f.send.click();
    await expectFieldError(f.name, MESSAGES.name);
    await expectFieldError(f.email, MESSAGES.email);
    await expectFieldError(f.phone, MESSAGES.phone);
    await expectFieldError(f.inquiryType, MESSAGES.inquiryType);
    await expectFieldError(f.message, MESSAGES.message);
    await expectFieldError(f.company, null);
    await expectURL(page, '/contact');

    // The phone rule applies though the field is labelled optional; 9 digits is not enough.
    await f.phone.fill('944701234');
    await expectFieldError(f.phone, MESSAGES.phone);
    await f.phone.fill('9447012345');
    await expectFieldError(f.phone, null);
    await checkA11y(page);
  });

  test('the rules (and Zod) load when the customer starts on the form, not with the page; a field left wrong says so', async () => {
    const { page } = await browser.open(viewport);
    const zod = watchForZod(page);
    await visit(page, '/contact');
    expect(await zod.withPage()).toBe(false);
    const f = form(page);
    await f.name.focus();
    await zod.loadsLater();
    await f.name.fill('S');
    await f.email.focus();
    await expectFieldError(f.name, MESSAGES.name);
  });

  test('one press of Send Message while leaving a field that is wrong still sends the form to be checked', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/contact');
    const f = form(page);
    await f.name.fill('A');
    // Leaving Name by pressing the button shows Name's message; the press must not be lost under it.
    await ('hasTouch' in viewport ? f.send.tap() : f.send.click());
    await expectFieldError(f.name, MESSAGES.name);
    await expectFieldError(f.email, MESSAGES.email);
    await expectFieldError(f.message, MESSAGES.message);
    await poll(() => isFocused(f.name), 'focus on the first wrong field').toBe(true);
  });

  test('a valid message: Sending..., then the success toast and an empty form; customer text is sent as text', async () => {
    const { page } = await browser.open(viewport);
    await visit(page, '/contact');
    await fillValid(page);
    const f = form(page);
    const held = await holdApi(page, isContact, { method: 'POST' });
    const answered = page.waitForResponse((r) => isContact(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await f.send.click();
    const request = await held.reached;
    const sending = f.region.getByRole('button', { name: 'Sending...' });
    await expectVisible(sending);
    expect(await sending.isDisabled()).toBe(true);

    // Sent exactly as typed: markup in customer text is text, neither escaped nor stripped.
    expect(request.postDataJSON()).toMatchObject({
      name: VALID.name,
      email: VALID.email,
      company: VALID.company,
      phone: VALID.phone,
      inquiryType: VALID.inquiryType.value,
      message: VALID.message,
    });
    expect(request.headers()['content-type']).toContain('application/json');
    held.release();
    expect((await answered).status()).toBe(201);

    const toast = await expectToast(
      page,
      'Message sent successfully!',
      "Thank you for contacting us. We'll get back to you within 24 hours.",
    );
    // The focus is on the message that says what happened, not dropped to the page's body.
    await poll(() => toast.evaluate((element) => element === document.activeElement), 'focus on the message').toBe(true);
    await poll(() => values(page), 'the form after success').toEqual(['', '', '', '', '', '']);
    await poll(() => f.send.textContent()).toBe('Send Message');
    for (const field of [f.name, f.email, f.phone, f.inquiryType, f.message]) await expectFieldError(field, null);
    // Nothing the customer typed became markup.
    expect(await page.locator('main b, main script:not([type])').count()).toBe(0);
    // Dismissed, the message hands the focus to the page.
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  test('a failed send keeps what was typed and shows the error toast for 5 seconds', async () => {
    const { page, context } = await browser.open(viewport, allowFailure(isContact));
    // The page's clock, moved on by the test below: the toast's timer fires as it would after the time, without the wait.
    await context.clock.install();
    await visit(page, '/contact');
    await recordToastTimes(page);
    await fillValid(page);
    const failing = await holdApi(page, isContact, { method: 'POST', status: 500, body: { message: 'Internal Server Error' } });
    failing.release();
    const f = form(page);
    await f.send.click();
    await failing.reached;

    await expectToast(page, 'Error', 'Failed to send message. Please try again or contact us directly.', 'destructive');
    expect(await values(page)).toEqual([
      VALID.name,
      VALID.email,
      VALID.company,
      VALID.phone,
      VALID.inquiryType.value,
      VALID.message,
    ]);
    await poll(() => f.send.textContent()).toBe('Send Message');
    expect(await f.send.isEnabled()).toBe(true);
    await expectURL(page, '/contact');

    // The toast goes by itself after 5000 ms (of the page's clock, as its times below are).
    await page.clock.runFor(5500);
    await poll(() => toasts(page).count(), 'toasts after 5 s').toBe(0);
    const [shown, gone] = await toastTimes(page);
    expect([shown?.shown, gone?.shown]).toEqual([true, false]);
    expect(gone!.at - shown!.at).toBeGreaterThanOrEqual(4900);
    // Above: the page's clock runs on in real time between the toast's showing and the test moving it on.
    expect(gone!.at - shown!.at).toBeLessThanOrEqual(7000);
  });
});
