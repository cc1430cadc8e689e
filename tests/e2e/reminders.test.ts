// Reminders on screen (at 390 and 1280): the today list names an overdue invoice with "Send reminder on WhatsApp",
// a wa.me link with the reminder and the order's page written; the customer record stops and resumes the customer's
// reminders, with who stopped them, the focus on what it says now. The shared server runs on the real clock, where no
// invoice is overdue yet: the today list's answer is the server's own with one overdue invoice added, written by the
// rule the server writes it with (domains/reminder/model.ts; the API test checks the server's own text). The enquiry made here
// is removed again.
import { expect, test } from 'vitest';

import type { TodayList, TodayOverdue } from '#domains/order-file/today.ts';
import { whatsappReminderText } from '#domains/reminder/model.ts';
import { whatsappChatHref } from '#lib/whatsapp.ts';

import { csrfHeader, expectPhoneFriendly, letters, sendEnquiry, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports } from './support/browser.ts';
import { expectVisible, poll } from './support/expect.ts';

describeAtViewports('reminders', (browser, viewportName, viewport) => {
  test('the today list offers "Send reminder on WhatsApp" for an overdue invoice, with the reminder written', async () => {
    const { page, context } = await browser.open(viewport);
    const name = `Overdue ${viewportName} ${letters()}`;
    const reminder = {
      customerName: name,
      displayId: 1042,
      invoiceNumber: 'GL/2026-27/0041',
      balance: 1_19_700_00,
      dueOn: '2026-11-26',
      today: '2026-12-05',
    };
    const statusUrl = `http://localhost:3000/enquiry/${'x'.repeat(43)}`;
    const overdue: TodayOverdue = {
      id: 42,
      displayId: 1042,
      customerName: name,
      invoiceNumber: reminder.invoiceNumber,
      dueOn: reminder.dueOn,
      balance: reminder.balance,
      whatsapp: whatsappChatHref('+91 98470 12345', whatsappReminderText(reminder, 'Green Leaf Eco Tableware', statusUrl)),
    };
    await page.route('**/api/admin/today', async (route) => {
      const answer = await route.fetch();
      const today = (await answer.json()) as TodayList;
      await route.fulfill({ response: answer, json: { ...today, overdue: [overdue, ...today.overdue] } });
    });
    await signInAsAdmin(page, '/admin');
    await expectVisible(page.getByRole('heading', { name: 'Chase payments' }));
    const item = page.getByTestId('overdue-1042');
    await expectVisible(item.getByText(`₹1,19,700.00 on GL/2026-27/0041, due Thursday 26 November 2026`));
    const send = item.getByRole('link', { name: `Send reminder on WhatsApp to ${name}` });
    const href = (await send.getAttribute('href'))!;
    const link = new URL(href);
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/919847012345');
    expect(link.searchParams.get('text')).toBe(
      [
        `Hello ${name}, this is Green Leaf Eco Tableware.`,
        '₹1,19,700.00 is still to pay on our tax invoice GL/2026-27/0041 for your order #1042: it was due on Thursday 26 November 2026, 9 days ago.',
        `The invoice and the ways to pay are on your order's page: ${statusUrl}`,
        'If you have already paid, thank you, and please ignore this message.',
      ].join('\n'),
    );
    expect(await send.getAttribute('target')).toBe('_blank');
    expect((await send.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    await context.close();
  });

  test('the customer record stops and resumes the customer’s reminders', async () => {
    const { page, context } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const name = `Disputed ${viewportName} ${letters()}`;
    const tag = Date.now().toString(36);
    const displayId = await sendEnquiry(customer.context, name, {
      email: `disputed-${tag}@example.in`,
      phone: `9${String(Date.now()).slice(-9)}`,
    });
    await signInAsAdmin(page, `/admin/customers?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('customer-row').filter({ hasText: name });
    await row.getByRole('button', { name: `Open ${name}` }).click();
    const dialog = page.getByRole('dialog', { name });
    const reminders = dialog.getByRole('region', { name: 'Reminders' });
    await expectVisible(reminders.getByText('Payment and quote reminders are e-mailed on the schedule in the settings.'));

    await reminders.getByRole('button', { name: 'Stop reminders' }).click();
    const stopped = reminders.getByText(/^Stopped by e2e-admin, .*: no payment or quote reminders are e-mailed/);
    await expectVisible(stopped);
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Stopped by e2e-admin/);
    const resume = reminders.getByRole('button', { name: 'Resume reminders' });
    expect((await resume.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await checkA11y(page);
    if (viewportName === 'phone') await expectPhoneFriendly(page);
    const record = await context.request.get(`/api/admin/customers/${displayId - 1000}`);
    expect(((await record.json()) as { remindersStopped: { by: string } | null }).remindersStopped?.by).toBe('e2e-admin');

    await resume.click();
    await expectVisible(reminders.getByText('Payment and quote reminders are e-mailed on the schedule in the settings.'));
    await expectVisible(reminders.getByRole('button', { name: 'Stop reminders' }));

    const removed = await context.request.delete(`/api/admin/orders/${displayId - 1000}`, { headers: await csrfHeader(context) });
    expect(removed.status(), await removed.text()).toBe(200);
    await customer.context.close();
    await context.close();
  });
});
