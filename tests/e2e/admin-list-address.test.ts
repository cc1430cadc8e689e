// The admin lists keep their filters, search and page in the address (at 390 and 1280): a Contacts list filtered
// to unseen, searched and on its second page, and a Products list searched and on its second page, are the same
// after a reload; Back steps through each change; after Next the focus is on the list's new rows. The messages sent
// here are deleted again; the products are the demo catalogue's, only read.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { type AdminContact } from '#domains/message/schema.ts';
import { type AdminPage } from '#lib/schemas/list.ts';
import { ADMIN_PAGE_SIZE } from '#lib/schemas/query.ts';

import { csrfHeader, letters, sendMessage, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports, focusedElement } from './support/browser.ts';
import { expectCount, expectURL, expectVisible, poll } from './support/expect.ts';

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
/** A tab of the seen filter (All / Unseen / Seen), not another button of the page that starts the same way. */
const showTab = (page: Page, name: RegExp) => page.getByRole('group', { name: 'Show' }).getByRole('button', { name });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: /^Search name/ });

async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  await page.keyboard.press('Enter');
}

/** Where the pager says the list is: 'Page 2 of 2'. */
async function expectPage(page: Page, where: RegExp): Promise<void> {
  await poll(() =>
    pager(page)
      .getByText(/^Page /)
      .textContent(),
  ).toMatch(where);
}

async function sendMessages(context: BrowserContext, tag: string, count: number): Promise<void> {
  for (let n = 1; n <= count; n++) await sendMessage(context, { name: `${tag} ${n}` });
}

async function deleteMessages(context: BrowserContext, tag: string): Promise<void> {
  const answer = await context.request.get(`/api/admin/contacts?q=${tag}&pageSize=100`);
  const { items } = (await answer.json()) as AdminPage<AdminContact>;
  const headers = await csrfHeader(context);
  for (const { id } of items) {
    const deleted = await context.request.delete(`/api/admin/contacts/${id}`, { headers });
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
}

/** After Next the focus is on the list (its new rows), not on a button that may now be disabled. */
async function expectListFocused(list: Locator, page: Page): Promise<void> {
  const tag = await list.evaluate((element) => element.tagName.toLowerCase());
  await poll(async () => (await focusedElement(page))?.tag).toBe(tag);
}

describeAtViewports('admin lists in the address', (browser, viewportName, viewport) => {
  test('Contacts: unseen, searched, page 2; the same after a reload; Back undoes each step', async () => {
    const { page, context } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const tag = `list${viewportName}${letters()}`;
    await sendMessages(customer.context, tag, ADMIN_PAGE_SIZE + 1);
    try {
      await signInAsAdmin(page, '/admin/contacts');
      const rows = page.getByTestId('contact-row');
      await showTab(page, /^Unseen/).click();
      await expectURL(page, '/admin/contacts?show=unseen');
      await search(page, tag);
      await expectURL(page, `/admin/contacts?show=unseen&q=${tag}`);
      await expectCount(rows, ADMIN_PAGE_SIZE);
      await expectPage(page, /^Page 1 of 2 /);

      await pager(page).getByRole('button', { name: 'Next' }).click();
      await expectURL(page, `/admin/contacts?show=unseen&q=${tag}&page=2`);
      await expectCount(rows, 1);
      await expectListFocused(page.getByRole('table', { name: 'Contact inquiries, newest first' }), page);

      await page.reload();
      await expectCount(rows, 1);
      await expectPage(page, /^Page 2 of 2 /);
      expect(await searchBox(page).inputValue()).toBe(tag);
      await poll(() => showTab(page, /^Unseen/).getAttribute('aria-pressed')).toBe('true');
      await checkA11y(page);

      await page.goBack();
      await expectURL(page, `/admin/contacts?show=unseen&q=${tag}`);
      await expectCount(rows, ADMIN_PAGE_SIZE);
      await page.goBack();
      await expectURL(page, '/admin/contacts?show=unseen');
      await poll(() => searchBox(page).inputValue()).toBe('');
      await page.goBack();
      await expectURL(page, '/admin/contacts');
      await poll(() => showTab(page, /^All/).getAttribute('aria-pressed')).toBe('true');
    } finally {
      await deleteMessages(context, tag);
    }
  });

  test('a search typed at once after a filter keeps the filter, however slow the shop answers', async () => {
    const { page, context } = await browser.open(viewport);
    const customer = await browser.open(viewport);
    const tag = `quick${viewportName}${letters()}`;
    await sendMessages(customer.context, tag, 1);
    try {
      await signInAsAdmin(page, '/admin/contacts');
      // A slow network: anything the router fetches from the server for a change of the list (its route data) waits.
      const routeData: string[] = [];
      await page.route(/\.data(\?|$)/, async (route) => {
        routeData.push(route.request().url());
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await showTab(page, /^Unseen/).click();
      await search(page, tag);
      await expectURL(page, `/admin/contacts?show=unseen&q=${tag}`);
      await expectCount(page.getByTestId('contact-row'), 1);
      expect(routeData).toEqual([]);
    } finally {
      await deleteMessages(context, tag);
    }
  });

  test('Products: searched, page 2, then a category; the same after a reload; Back undoes each step', async () => {
    const { page, context } = await browser.open(viewport);
    await signInAsAdmin(page, '/admin/products');
    // Every demo product has an 'a' in its name or description: more than one page of them.
    const found = (await (await context.request.get('/api/admin/products?q=a')).json()) as { total: number };
    expect(found.total).toBeGreaterThan(ADMIN_PAGE_SIZE);
    const rows = page.getByTestId('product-row');
    await search(page, 'a');
    await expectURL(page, '/admin/products?q=a');
    await expectCount(rows, ADMIN_PAGE_SIZE);

    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expectURL(page, '/admin/products?q=a&page=2');
    await expectPage(page, /^Page 2 of /);
    await expectListFocused(page.getByRole('table', { name: 'Products' }), page);
    const secondPage = await rows.first().textContent();

    await page.reload();
    await expectPage(page, /^Page 2 of /);
    await poll(() => rows.first().textContent()).toBe(secondPage);
    expect(await searchBox(page).inputValue()).toBe('a');
    await checkA11y(page);

    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Plates' }).click();
    await expectURL(page, '/admin/products?q=a&category=plates');
    await expectPage(page, /^Page 1 of 1 /);
    await page.goBack();
    await expectURL(page, '/admin/products?q=a&page=2');
    await poll(() => rows.first().textContent()).toBe(secondPage);
    expect(
      await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'All' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.goBack();
    await expectURL(page, '/admin/products?q=a');
    await expectPage(page, /^Page 1 of /);
    await page.goBack();
    await expectURL(page, '/admin/products');
    await poll(() => searchBox(page).inputValue()).toBe('');
    await expectVisible(page.getByRole('heading', { name: 'Products', level: 1 }));
  });
});
