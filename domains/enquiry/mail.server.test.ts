import { describe, expect, it } from 'vitest';

import { customerAcknowledgementMail, type EnquiryForMail, shopEnquiryMail } from '#domains/enquiry/mail.server.ts';
import { displayIdOf } from '#domains/enquiry/model.ts';
import { shopContactMail } from '#domains/message/mail.server.ts';
import { phoneText, publicShopOf } from '#domains/settings/shop.ts';
import { invitationMail, passwordResetMail } from '#domains/staff/mail.server.ts';
import { loadConfig } from '#platform/config.ts';
import { seedSettings } from '#server/seed-settings.ts';

/** The demo shop a fresh install is seeded with; the mails to the shop go to its e-mail. */
const SHOP = publicShopOf(seedSettings(loadConfig({ SHOP_EMAIL: 'orders@shop.test' })));

const ENQUIRY: EnquiryForMail & { panelUrl: string } = {
  displayId: 1042,
  customerName: 'Anitha Menon',
  customerEmail: 'anitha@example.in',
  customerPhone: '9847012345',
  deliveryLocation: '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
  specialRequests: 'Deliver before Sunday',
  isGuest: true,
  total: '128000.00',
  // A Saturday evening in Aluva.
  sentAt: new Date('2026-11-28T17:30:00+05:30'),
  statusUrl: 'https://shop.example/enquiry/abc',
  panelUrl: 'https://shop.example/admin/orders?q=%231042',
  lines: [
    {
      productName: 'Areca Leaf Round Plate',
      variationName: 'Size',
      variationValue: '8 inch',
      quantity: 3,
      unitsPerCarton: 100,
      unitType: 'plates',
      price: '560.00',
    },
    {
      productName: 'Bagasse Cup 200 ml',
      variationName: null,
      variationValue: null,
      quantity: 2,
      unitsPerCarton: 100,
      unitType: 'items',
      price: '260.00',
    },
    {
      productName: 'Sadya Party Pack',
      variationName: 'Size',
      variationValue: '250 Guests',
      quantity: 37,
      unitsPerCarton: 250,
      unitType: 'sets',
      price: '3400.00',
    },
  ],
};

// Each line as the plain-text alternative gives it: what it is, then how its amount is made and the amount.
const LINE_ROUND = [
  '- Areca Leaf Round Plate (Size: 8 inch)',
  '  3 cartons × 100 plates = 300 plates, ₹560.00 a carton: ₹1,680.00',
];
const LINE_CUP = ['- Bagasse Cup 200 ml', '  2 cartons × 100 items = 200 items, ₹260.00 a carton: ₹520.00'];
const LINE_SADYA = [
  '- Sadya Party Pack (Size: 250 Guests)',
  '  37 cartons × 250 sets = 9,250 sets, ₹3,400.00 a carton: ₹1,25,800.00',
];

describe('shopEnquiryMail', () => {
  const mail = shopEnquiryMail(SHOP, ENQUIRY);

  it('goes to the shop, answerable to the customer, with the enquiry number in the subject', () => {
    expect(mail.to).toBe('orders@shop.test');
    expect(mail.replyTo).toBe('anitha@example.in');
    expect(mail.subject).toBe('New enquiry #1042 from Anitha Menon');
  });

  it('lists the customer, every line with cartons, units and prices, and the total', () => {
    // 1,680.00 + 520.00 + 1,25,800.00 = 1,28,000.00.
    expect(mail.text.split('\n')).toEqual([
      'Enquiry #1042 (guest)',
      '',
      'Name: Anitha Menon',
      'E-mail: anitha@example.in',
      'Phone: 9847012345',
      'Delivery address: 14/220 Temple Road, Edappally, Kochi, Kerala 682024',
      'Special requests: Deliver before Sunday',
      '',
      'Items:',
      ...LINE_ROUND,
      ...LINE_CUP,
      ...LINE_SADYA,
      '',
      'Estimated total (before GST and delivery): ₹1,28,000.00',
      '',
      'Open enquiry #1042 in the panel: https://shop.example/admin/orders?q=%231042',
      '',
      'Please contact the customer by Monday 30 November, 11 AM IST (the first working morning after 24 hours), as the customer was told.',
    ]);
  });

  it('is HTML too: the shop, a table of the lines with their amounts, customer text escaped', () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="en-IN">/);
    expect(mail.html).toContain('href="https://shop.example/admin/orders?q=%231042"');
    expect(mail.html).toContain('Open enquiry #1042 in the panel</a>');
    expect(mail.html).toContain(SHOP.name);
    expect(mail.html).toContain('<caption');
    expect(mail.html).toContain('Areca Leaf Round Plate (Size: 8 inch)');
    expect(mail.html).toContain('₹1,25,800.00');
    const html = shopEnquiryMail(SHOP, { ...ENQUIRY, specialRequests: '<b>2 & 3</b>' }).html;
    expect(html).toContain('&lt;b&gt;2 &amp; 3&lt;/b&gt;');
    expect(html).not.toContain('<b>2');
  });

  it('leaves out empty special requests, says when the phone is missing, and names registered users', () => {
    const text = shopEnquiryMail(SHOP, { ...ENQUIRY, specialRequests: null, customerPhone: null, isGuest: false }).text;
    expect(text).not.toContain('Special requests');
    expect(text).toContain('Phone: Not provided');
    expect(text.split('\n')[0]).toBe('Enquiry #1042 (registered user)');
  });

  it('names the option as "Option" when the variation has no name', () => {
    const text = shopEnquiryMail(SHOP, { ...ENQUIRY, lines: [{ ...ENQUIRY.lines[0]!, variationName: null }] }).text;
    expect(text).toContain('- Areca Leaf Round Plate (Option: 8 inch)\n  3 cartons');
  });

  it('keeps customer text as it was typed (plain text, no escaping)', () => {
    const text = shopEnquiryMail(SHOP, { ...ENQUIRY, specialRequests: '<b>2 & 3</b>' }).text;
    expect(text).toContain('Special requests: <b>2 & 3</b>');
  });
});

describe('customerAcknowledgementMail', () => {
  const mail = customerAcknowledgementMail(SHOP, ENQUIRY);

  it('goes to the customer, answerable to the shop', () => {
    expect(mail.to).toBe('anitha@example.in');
    expect(mail.replyTo).toBe(SHOP.email);
    expect(mail.subject).toBe('We received your enquiry #1042');
  });

  it('names the enquiry number, promises contact as the promise falls (after 24 hours on a Saturday evening), and repeats the lines and total', () => {
    expect(mail.text).toContain('Dear Anitha Menon,');
    expect(mail.text).toContain(`Thank you for your enquiry #1042 with ${SHOP.name}.`);
    expect(mail.text).toContain(
      'We will contact you by Monday 30 November, 11 AM IST (the first working morning after 24 hours), to confirm',
    );
    expect(mail.text).toContain([...LINE_ROUND, ...LINE_CUP, ...LINE_SADYA].join('\n'));
    expect(mail.text).toContain('Estimated total: ₹1,28,000.00');
    expect(mail.text).toContain('Delivery address: 14/220 Temple Road, Edappally, Kochi, Kerala 682024');
    expect(mail.text).toContain('Follow your enquiry: https://shop.example/enquiry/abc');
    expect(mail.text).toContain(phoneText(SHOP.phone));
  });

  it('has one button, to the status page', () => {
    expect(mail.html?.match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain('href="https://shop.example/enquiry/abc"');
  });
});

describe('shopContactMail', () => {
  const contact = {
    id: 7,
    name: 'Suresh Nair',
    email: 'suresh@cateringco.in',
    phone: '9447012345',
    company: 'Nair Caterers',
    inquiryType: 'custom-requirements',
    message: 'Can you print our logo on the boxes?\nWe need 5000.',
  };

  it('goes to the shop with the inquiry type label, the sender and the message', () => {
    const mail = shopContactMail(SHOP, contact);
    expect(mail).toEqual({
      to: 'orders@shop.test',
      replyTo: 'suresh@cateringco.in',
      subject: 'New message (Custom Requirements) from Suresh Nair',
      html: expect.stringContaining('We need 5000.'),
      text: [
        'Message #7: Custom Requirements',
        '',
        'Name: Suresh Nair',
        'E-mail: suresh@cateringco.in',
        'Phone: 9447012345',
        'Company: Nair Caterers',
        '',
        'Can you print our logo on the boxes?',
        'We need 5000.',
      ].join('\n'),
    });
  });

  it.each([
    ['bulk-order', 'Bulk Order Quote'],
    ['product-info', 'Product Information'],
    ['general', 'General Question'],
  ])('labels %s as %s', (inquiryType, label) => {
    expect(shopContactMail(SHOP, { ...contact, inquiryType }).subject).toBe(`New message (${label}) from Suresh Nair`);
  });

  it('leaves out a missing company and says when the phone is missing', () => {
    const text = shopContactMail(SHOP, { ...contact, company: null, phone: null }).text;
    expect(text).not.toContain('Company');
    expect(text).toContain('Phone: Not provided');
  });
});

describe('displayIdOf', () => {
  it('is 1000 plus the id', () => {
    expect(displayIdOf(1)).toBe(1001);
    expect(displayIdOf(42)).toBe(1042);
  });
});

describe('a line with options of several types', () => {
  it('lists every option in both e-mails', () => {
    const line = {
      ...ENQUIRY.lines[0]!,
      productName: 'Bagasse Takeaway Container with Lid',
      variationValue: '500 ml',
      options: [
        { name: 'Size', value: '500 ml' },
        { name: 'Model', value: 'Round' },
      ],
    };
    const enquiry = { ...ENQUIRY, lines: [line] };
    const expected = '- Bagasse Takeaway Container with Lid (Size: 500 ml, Model: Round)\n  3 cartons';
    expect(shopEnquiryMail(SHOP, enquiry).text).toContain(expected);
    expect(customerAcknowledgementMail(SHOP, enquiry).text).toContain(expected);
  });
});

describe('the panel accounts’ e-mails on the shop’s layout', () => {
  const expiresAt = new Date('2026-11-28T17:30:00+05:30');

  it('an invitation: HTML with its one button to the one-time link, and the same words as plain text', () => {
    const url = `https://shop.example/join#${'a'.repeat(43)}`;
    const mail = invitationMail(SHOP, {
      email: 'meera@example.in',
      firstName: 'Meera <b>',
      role: 'staff',
      invitedBy: 'Asha',
      url,
      expiresAt,
    });
    expect(mail.subject).toBe(`Asha invited you to the ${SHOP.name} admin panel`);
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('Choose your username and password</a>');
    // What the colleague typed nowhere, but a name is escaped all the same.
    expect(mail.html).toContain('Dear Meera &lt;b&gt;,');
    expect(mail.text).toContain(`Choose your username and password: ${url}`);
    expect(mail.text).toContain('as staff (enquiries, quotes, invoices, messages and products)');
    expect(mail.text).toContain('The link expires on Saturday 28 November, 5:30 PM IST.');
    expect(mail.text).toContain('two-factor authentication');
  });

  it('a password reset: the button to choose a new password; an administrator’s invitation asks for no two-factor set-up', () => {
    const url = `https://shop.example/reset-password#${'b'.repeat(43)}`;
    const reset = passwordResetMail(SHOP, {
      email: 'vasu@example.in',
      firstName: '',
      username: 'vasu',
      resetBy: 'Asha',
      url,
      expiresAt,
    });
    expect(reset.html).toContain(`href="${url}"`);
    expect(reset.html).toContain('Choose a new password</a>');
    expect(reset.text).toContain('Dear vasu,');
    expect(reset.text).toContain('Asha has reset the password of your admin panel account "vasu"');
    expect(reset.text).toContain(`Choose a new password: ${url}`);
    const admin = invitationMail(SHOP, {
      email: 'a@example.in',
      firstName: 'A',
      role: 'admin',
      invitedBy: 'Asha',
      url,
      expiresAt,
    });
    expect(admin.text).not.toContain('two-factor');
  });

  it('an invitation from an account with only a username names the shop, never the username', () => {
    const url = `https://shop.example/join#${'c'.repeat(43)}`;
    const mail = invitationMail(SHOP, { email: 'a@example.in', firstName: 'A', role: 'staff', invitedBy: null, url, expiresAt });
    expect(mail.subject).toBe(`${SHOP.name} invited you to its admin panel`);
    expect(mail.text).toContain(`${SHOP.name} has invited you to its admin panel as staff`);
    expect(mail.text).toContain('After that, ask the shop for a new one.');
  });
});
