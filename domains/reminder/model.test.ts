import { describe, expect, it } from 'vitest';

import { paymentPosition } from '#domains/invoice/payments.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';

import {
  DEFAULT_REMINDER_OFFSETS,
  dueWords,
  inReminderHours,
  invoiceReminderLine,
  invoiceReminderSubject,
  invoiceStepDue,
  quoteStepDue,
  whatsappReminderText,
} from './model.ts';

/**
 * Worked by hand: invoice GL/2026-27/0041 dated Friday 20 March 2026 for ₹11,800.00, due 7 days later on Friday 27
 * March, on the default schedule (3 days before, on the day, 7 and 15 days after): the steps fall on 24 March, 27
 * March, 3 April (past the financial year's end) and 11 April.
 */
const invoice = { date: '2026-03-20', dueOn: '2026-03-27', balance: 1_180_000 };
const due = (today: string, balance = invoice.balance) =>
  invoiceStepDue({ ...invoice, balance }, DEFAULT_REMINDER_OFFSETS, today);

describe('invoiceStepDue', () => {
  it('reaches each step on its day and keeps it until the next', () => {
    expect(due('2026-03-20')).toBeNull();
    expect(due('2026-03-23')).toBeNull();
    expect(due('2026-03-24')).toBe(-3);
    expect(due('2026-03-26')).toBe(-3);
    expect(due('2026-03-27')).toBe(0);
    expect(due('2026-03-28')).toBe(0);
    expect(due('2026-04-02')).toBe(0);
    expect(due('2026-04-03')).toBe(7);
    expect(due('2026-04-10')).toBe(7);
    expect(due('2026-04-11')).toBe(15);
    expect(due('2026-12-31')).toBe(15);
  });

  it('asks nothing once the balance is paid or credited', () => {
    // ₹11,800.00 invoiced, ₹1,800.00 credited, ₹10,000.00 paid: nothing left.
    const position = paymentPosition(
      { invoiced: 1_180_000, credited: 180_000, paid: 1_000_000, refunded: 0 },
      invoice.dueOn,
      '2026-04-03',
    );
    expect(position.balance).toBe(0);
    expect(due('2026-04-03', position.balance)).toBeNull();
    // ₹1.00 left: the 7-day step.
    expect(due('2026-04-03', 100)).toBe(7);
  });

  it('sends no step on or before the invoice’s own day: its e-mail said when it is due', () => {
    // Due 2 days after it was issued: the step 3 days before falls before the invoice.
    const short = { date: '2026-03-25', dueOn: '2026-03-27', balance: 100 };
    expect(invoiceStepDue(short, DEFAULT_REMINDER_OFFSETS, '2026-03-25')).toBeNull();
    expect(invoiceStepDue(short, DEFAULT_REMINDER_OFFSETS, '2026-03-26')).toBeNull();
    expect(invoiceStepDue(short, DEFAULT_REMINDER_OFFSETS, '2026-03-27')).toBe(0);
    // Due on the day it is issued: the day's step is the invoice itself.
    const cash = { date: '2026-03-27', dueOn: '2026-03-27', balance: 100 };
    expect(invoiceStepDue(cash, DEFAULT_REMINDER_OFFSETS, '2026-03-27')).toBeNull();
    expect(invoiceStepDue(cash, DEFAULT_REMINDER_OFFSETS, '2026-04-03')).toBe(7);
  });

  it('follows the schedule given, in any order', () => {
    expect(invoiceStepDue(invoice, [30, 1], '2026-03-28')).toBe(1);
    expect(invoiceStepDue(invoice, [30, 1], '2026-04-26')).toBe(30);
    expect(invoiceStepDue(invoice, [], '2026-04-26')).toBeNull();
  });
});

describe('quoteStepDue', () => {
  // Q-1042-1 sent on 1 December 2026, valid until Monday 7 December; reminded 2 days before.
  const quote = { sentOn: '2026-12-01', validUntil: '2026-12-07' };
  it('reminds from N days before the last day, and expires the day after it', () => {
    expect(quoteStepDue(quote, 2, '2026-12-04')).toBeNull();
    expect(quoteStepDue(quote, 2, '2026-12-05')).toBe('expiring');
    expect(quoteStepDue(quote, 2, '2026-12-07')).toBe('expiring');
    expect(quoteStepDue(quote, 2, '2026-12-08')).toBe('expired');
  });
  it('does not remind on the day the quote was sent', () => {
    expect(quoteStepDue({ sentOn: '2026-12-06', validUntil: '2026-12-07' }, 2, '2026-12-06')).toBeNull();
    expect(quoteStepDue({ sentOn: '2026-12-06', validUntil: '2026-12-07' }, 2, '2026-12-07')).toBe('expiring');
  });
});

describe('the words', () => {
  /** An invoice of ₹1,19,700.00 due a week ago, as both languages' reminders word it. */
  const reminder = {
    customerName: 'Anitha Menon',
    displayId: 1042,
    invoiceNumber: 'GL/2026-27/0041',
    balance: 1_19_700_00,
    dueOn: '2026-03-27',
    today: '2026-04-03',
  };

  it('says when it is or was due', () => {
    expect(dueWords('2026-03-27', '2026-03-24')).toBe('is due on Friday 27 March 2026');
    expect(dueWords('2026-03-27', '2026-03-27')).toBe('is due today');
    expect(dueWords('2026-03-27', '2026-03-28')).toBe('was due on Friday 27 March 2026, 1 day ago');
    expect(dueWords('2026-03-27', '2026-04-03')).toBe('was due on Friday 27 March 2026, 7 days ago');
  });

  it('writes the WhatsApp message with the order’s page', () => {
    expect(invoiceReminderSubject(reminder)).toBe('Payment reminder: ₹1,19,700.00 overdue on invoice GL/2026-27/0041');
    expect(whatsappReminderText(reminder, 'GreenLeaf', 'https://shop.example/enquiry/status/abc')).toBe(
      [
        'Hello Anitha Menon, this is GreenLeaf.',
        '₹1,19,700.00 is still to pay on our tax invoice GL/2026-27/0041 for your order #1042: it was due on Friday 27 March 2026, 7 days ago.',
        "The invoice and the ways to pay are on your order's page: https://shop.example/enquiry/status/abc",
        'If you have already paid, thank you, and please ignore this message.',
      ].join('\n'),
    );
  });

  it('writes the reminder in the language of the enquiry', () => {
    expect(invoiceReminderSubject(reminder, serverTranslator('ml'))).toBe(
      'പേയ്മെന്റ് ഓർമ്മപ്പെടുത്തൽ: ഇൻവോയ്സ് GL/2026-27/0041-ൽ ₹1,19,700.00 അടയ്ക്കേണ്ട തീയതി കഴിഞ്ഞു',
    );
    expect(whatsappReminderText(reminder, 'GreenLeaf', 'https://shop.example/ml/enquiry/abc', 'ml')).toBe(
      [
        'നമസ്കാരം Anitha Menon, GreenLeaf-ൽ നിന്നാണ്.',
        'നിങ്ങളുടെ ഓർഡർ #1042-നുള്ള ഞങ്ങളുടെ നികുതി ഇൻവോയ്സ് GL/2026-27/0041-ൽ ഇനിയും ₹1,19,700.00 അടയ്ക്കാനുണ്ട്. അടയ്ക്കേണ്ട തീയതി മാർച്ച് 27, 2026, വെള്ളി ആയിരുന്നു, 7 ദിവസം മുമ്പ്.',
        'ഇൻവോയ്സും പണം അടയ്ക്കാനുള്ള വഴികളും നിങ്ങളുടെ ഓർഡറിന്റെ പേജിലുണ്ട്: https://shop.example/ml/enquiry/abc',
        'നിങ്ങൾ ഇതിനകം പണം അടച്ചെങ്കിൽ നന്ദി, ഈ സന്ദേശം അവഗണിക്കുക.',
      ].join('\n'),
    );
    expect(invoiceReminderLine({ ...reminder, today: '2026-03-27' }, 'ml')).toContain('അടയ്ക്കേണ്ട തീയതി ഇന്നാണ്.');
  });

  it('sends in the day, India time', () => {
    expect(inReminderHours(new Date('2026-12-05T03:29:00Z'))).toBe(false); // 8:59 IST
    expect(inReminderHours(new Date('2026-12-05T03:30:00Z'))).toBe(true); // 9:00 IST
    expect(inReminderHours(new Date('2026-12-05T14:29:00Z'))).toBe(true); // 19:59 IST
    expect(inReminderHours(new Date('2026-12-05T14:30:00Z'))).toBe(false); // 20:00 IST
  });
});
