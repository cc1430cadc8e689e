// The Settings screen in a real browser at 390 and 1280 px, on a server of its own (a fresh install: the demo shop):
// the dashboard's 'Set up your shop' lists the steps, each linking to its section; an administrator changes the
// shop's name, GSTIN and address (a bad GSTIN first: its message beside the field, the focus there), the dispatch
// address and payments, a holiday, and uploads a logo and a see-through signature; after a reload the screen shows the
// saved values, the history lists the changes, and the checklist is gone; the home page's header and the contact
// page's structured data name the shop by its new name; an invoice issued then carries the shop's own name, GSTIN,
// logo and signature (the PDF's text and pictures read back), and its e-mail is signed with them. axe on each screen;
// nothing wider than a phone.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject, test } from 'vitest';

import { emlsTo } from '#tests/support/eml.ts';
import { expectShows, pdfImages, pdfText } from '#tests/support/pdf.ts';
import { signaturePng } from '#tests/support/settings.ts';

import { expectPhoneFriendly, sendEnquiry, signInAsAdmin } from './support/admin.ts';
import { checkA11y, describeAtViewports, SETTINGS_URL, visit } from './support/browser.ts';
import { expectHidden, expectVisible, poll } from './support/expect.ts';
import { invoiceThroughApi } from './support/follow.ts';

/** Where the settings server writes its e-mails. */
const SETTINGS_OUTBOX: string = inject('settingsOutboxDir');

const logoPng = () =>
  sharp({ create: { width: 480, height: 160, channels: 3, background: '#3f6b2a' } })
    .png()
    .toBuffer();

/** A section of /admin/settings, opened (a closed one is opened by its summary). */
async function section(page: Page, id: string) {
  const details = page.locator(`details#${id}`);
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await poll(() => details.getAttribute('open'), `${id} opened`).not.toBeNull();
  return details;
}

const checklist = (page: Page) => page.getByRole('region', { name: 'Set up your shop' });

describeAtViewports('settings', (browser, viewportName, viewport) => {
  test(
    'an administrator sets up the shop from the Settings screen; the dashboard’s checklist goes once done',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await browser.open(viewport, { baseURL: SETTINGS_URL });
      const tag = viewportName === 'phone' ? 'Phone' : 'Desk';
      const phone = viewportName === 'phone';
      await signInAsAdmin(page, '/admin');

      // The checklist, while the shop is not set up (the second size finds the details done, not the images: they are
      // taken away first, as if the shop had never had them).
      const { settings } = (await (await context.request.get('/api/admin/settings')).json()) as {
        settings: { documents: Record<string, unknown> };
      };
      const csrf = (await (await context.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
      const cleared = await context.request.put('/api/admin/settings/documents', {
        data: { ...settings.documents, logo: null, signature: null },
        headers: { 'X-CSRF-Token': csrf.csrfToken },
      });
      expect(cleared.status(), await cleared.text()).toBe(200);
      await visit(page, '/admin');
      await expectVisible(checklist(page));
      await expectVisible(checklist(page).getByRole('link', { name: /^The logo and the signature for invoices\W*to do$/ }));
      await checkA11y(page);
      if (phone) await expectPhoneFriendly(page);

      // Its first step opens the business section.
      await checklist(page)
        .getByRole('link', { name: /The shop’s details/ })
        .click();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Settings' }));
      const business = await section(page, 'business');
      const name = `Kochi Leafware ${tag}`;
      await business.getByLabel('Trading name').fill(name);
      await business.getByLabel('Legal name').fill(`${name} LLP`);
      await business.getByLabel('Street').fill(`Godown ${tag}, MG Road`);
      await business.getByLabel('Locality').fill('Ravipuram');
      await business.getByLabel('City or district').fill('Ernakulam');
      await business.getByLabel('State').selectOption('Kerala');
      await business.getByLabel('Pincode').fill('682016');
      // A GSTIN with a wrong check character: its message beside the field, and the focus there.
      const gstin = business.getByLabel('GSTIN');
      await gstin.fill('32ABCDE1234F1Z7');
      await business.getByRole('button', { name: 'Save business details' }).click();
      const gstinError = business.getByText(/check character/);
      await expectVisible(gstinError);
      await poll(() => gstin.evaluate((element) => element === document.activeElement), 'the GSTIN has the focus').toBe(true);
      expect(await gstin.getAttribute('aria-describedby')).toContain(await gstinError.getAttribute('id'));
      await checkA11y(page);
      if (phone) await expectPhoneFriendly(page);
      await gstin.fill('32ABCDE1234F1Z9');
      // The footer's social link in place of the demo's, and the map position: one of the two left blank is refused
      // at its field.
      const removeLink = business.getByRole('button', { name: /^Remove social link/ });
      while ((await removeLink.count()) > 0) await removeLink.first().click();
      await expectVisible(business.getByText('No social links.'));
      await business.getByRole('button', { name: 'Add a social link' }).click();
      await business.getByLabel('Network 1').fill('Instagram');
      await business.getByLabel('Link 1').fill(`https://www.instagram.com/kochileafware.${tag.toLowerCase()}`);
      await business.getByLabel('Latitude').fill('10.0159');
      await business.getByLabel('Longitude').fill('');
      await business.getByRole('button', { name: 'Save business details' }).click();
      await expectVisible(business.getByText('Longitude must be a number'));
      await business.getByLabel('Longitude').fill('76.2926');
      await business.getByRole('button', { name: 'Save business details' }).click();
      await expectVisible(business.getByRole('status').filter({ hasText: /Business details saved at/ }));

      // The dispatch address and payments as they are, saved by the administrator.
      const dispatch = await section(page, 'dispatch');
      await dispatch.getByRole('button', { name: 'Save dispatch address' }).click();
      await expectVisible(dispatch.getByRole('status').filter({ hasText: /Dispatch address saved at/ }));
      const payments = await section(page, 'payments');
      await payments.getByRole('button', { name: 'Save payments' }).click();
      await expectVisible(payments.getByRole('status').filter({ hasText: /Payments saved at/ }));

      // A holiday.
      const hours = await section(page, 'hours');
      await hours.getByRole('button', { name: 'Add a holiday' }).click();
      const holidays = hours.getByRole('listitem');
      const added = holidays.last();
      await added.getByLabel('Date').fill(phone ? '2027-08-25' : '2027-04-14');
      await added.getByLabel('Holiday').fill(phone ? 'Thiruvonam' : 'Vishu');
      await hours.getByRole('button', { name: 'Save hours and holidays' }).click();
      await expectVisible(hours.getByRole('status').filter({ hasText: /Hours and holidays saved at/ }));

      // The logo and a see-through signature, through the image pipeline.
      const documents = await section(page, 'documents');
      await documents
        .getByLabel('Upload a logo')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
      await expectVisible(documents.getByRole('img', { name: 'The logo in use' }));
      await documents
        .getByLabel('Upload a signature')
        .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: await signaturePng() });
      await expectVisible(documents.getByRole('img', { name: 'The signature in use' }));
      await documents.getByRole('button', { name: 'Save documents' }).click();
      await expectVisible(documents.getByRole('status').filter({ hasText: /Documents saved at/ }));
      await checkA11y(page);
      if (phone) await expectPhoneFriendly(page);

      // Read back after a reload.
      await page.reload();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Settings' }));
      const again = await section(page, 'business');
      await poll(() => again.getByLabel('Trading name').inputValue()).toBe(name);
      expect(await again.getByLabel('GSTIN').inputValue()).toBe('32ABCDE1234F1Z9');
      expect(await again.getByLabel('Street').inputValue()).toBe(`Godown ${tag}, MG Road`);
      expect(await again.getByLabel('Link 1').inputValue()).toBe(`https://www.instagram.com/kochileafware.${tag.toLowerCase()}`);
      expect(await again.getByLabel('Latitude').inputValue()).toBe('10.0159');
      const hoursAgain = await section(page, 'hours');
      const holidayNames = await hoursAgain
        .getByLabel('Holiday', { exact: true })
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(holidayNames).toContain(phone ? 'Thiruvonam' : 'Vishu');
      const documentsAgain = await section(page, 'documents');
      const logo = documentsAgain.getByRole('img', { name: 'The logo in use' });
      await expectVisible(logo);
      expect(await logo.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{20}-480\.webp$/);
      await expectVisible(documentsAgain.getByRole('img', { name: 'The signature in use' }));

      // The history lists the changes, newest first, with who made them.
      const history = page.getByTestId('settings-version');
      await expectVisible(history.first());
      expect(await history.first().textContent()).toContain('Documents');
      expect(await history.first().textContent()).toContain('e2e-admin');
      // When, once, in the panel's date format (the spec's en-US short date and time).
      expect(
        await history
          .first()
          .getByText(/^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s[AP]M$/)
          .count(),
      ).toBe(1);
      await page.getByLabel('Section', { exact: true }).selectOption('business');
      await poll(async () => (await history.allTextContents()).every((row) => row.includes('Business'))).toBe(true);
      await checkA11y(page);
      if (phone) await expectPhoneFriendly(page);

      // Every step done: the checklist is gone.
      await visit(page, '/admin');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
      await expectHidden(checklist(page));

      await context.close();
    },
  );

  test('the shop’s pages name it as its settings say', async () => {
    const { page, context } = await browser.open(viewport, { baseURL: SETTINGS_URL });
    // The name the test above saved at this size.
    const tag = viewportName === 'phone' ? 'Phone' : 'Desk';
    const name = `Kochi Leafware ${tag}`;
    // The shop's pages read the settings (issue 32): the header of the home page, and the contact page's Store.
    await visit(page, '/');
    await expectVisible(page.getByRole('banner').getByText(name).first());
    const contact = await (await fetch(new URL('/contact', SETTINGS_URL))).text();
    const stores = [...contact.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map((match) => JSON.parse(match[1]!) as { '@type'?: string; name?: string; address?: unknown; geo?: unknown })
      .filter((node) => node['@type'] === 'Store');
    expect(stores).toHaveLength(1);
    expect(stores[0]?.name).toBe(name);
    expect(JSON.stringify(stores[0]?.address)).toContain(`Godown ${tag}, MG Road`);
    expect(stores[0]?.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 10.0159, longitude: 76.2926 });
    // The footer links the shop's own page on the network, and no longer the demo's.
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe(
      `https://www.instagram.com/kochileafware.${tag.toLowerCase()}`,
    );
    await context.close();
  });
  test('an invoice issued after the set-up carries the shop’s own details, logo and signature; its e-mail is signed with them', async () => {
    // The shop the first test saved at this size.
    const tag = viewportName === 'phone' ? 'Phone' : 'Desk';
    const { page, context } = await browser.open(viewport, { baseURL: SETTINGS_URL });
    const customer = await browser.open(viewport, { baseURL: SETTINGS_URL });
    const email = `settings-${tag.toLowerCase()}-${Date.now().toString(36)}@example.in`;
    const displayId = await sendEnquiry(customer.context, 'Anitha Nair', { email, phone: '9847012345' });
    await signInAsAdmin(page, '/admin');
    const { invoice } = await invoiceThroughApi(context, displayId, { price: '560.00', hsnCode: '14049090', gstRate: 5 });
    const pdf = await (await context.request.get(`/api/admin/orders/${displayId - 1000}/invoice/pdf?copy=original`)).body();
    const text = pdfText(pdf);
    expectShows(text, [`Kochi Leafware ${tag} LLP`, 'GSTIN 32ABCDE1234F1Z9', `Godown ${tag}, MG Road`, invoice.number]);
    expect(text).not.toMatch(/Specimen/i);
    // The uploaded logo (480 × 160) and signature (600 × 200), both three times as wide as high, are drawn.
    const pictures = pdfImages(pdf);
    const threeToOne = pictures.filter((size) => {
      const [width, height] = size.split('x').map(Number);
      return width === 3 * height!;
    });
    expect(threeToOne.length, `the PDF's pictures: ${pictures.join(', ')}`).toBe(2);
    const invoiceMail = () =>
      emlsTo(SETTINGS_OUTBOX, email).find((sent) => sent.subject.startsWith(`Tax invoice ${invoice.number}`));
    await poll(() => invoiceMail() !== undefined, 'the invoice e-mail').toBe(true);
    const mail = invoiceMail()!;
    expectShows(mail.body, [`Kochi Leafware ${tag}`]);
    // The demo's legal name is gone; its UPI payee stays, as the test saved the payments as they were.
    expect(mail.body, mail.body).not.toContain('Green Leaf Eco Tableware Private Limited');
    await customer.context.close();
  });
});
