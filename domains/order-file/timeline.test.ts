import { beforeAll, describe, expect, it } from 'vitest';

import { loadLanguage } from '#lib/i18n/translate.ts';

import { orderTimeline, type TimelineFacts } from './timeline.ts';

const START: TimelineFacts = {
  status: 'pending',
  createdAt: '2026-11-20T05:00:00.000Z',
  quotedAt: null,
  acceptedAt: null,
  invoice: null,
  payment: null,
  dispatch: null,
  statusSince: null,
};
const states = (facts: Partial<TimelineFacts>) =>
  orderTimeline({ ...START, ...facts }).map((step) => `${step.key}:${step.state}`);

describe('the order timeline', () => {
  it('a new enquiry is received and waits for its quote', () => {
    expect(orderTimeline(START)[0]).toEqual({ key: 'received', label: 'Received', state: 'done', detail: '20 November 2026' });
    expect(states({})).toEqual([
      'received:done',
      'quoted:current',
      'accepted:todo',
      'invoiced:todo',
      'paid:todo',
      'dispatched:todo',
      'delivered:todo',
    ]);
  });

  it('part paid waits at paid with what came in; dispatched shows the docket; paying on delivery leaves paid current', () => {
    const invoiced = {
      status: 'shipped' as const,
      quotedAt: '2026-11-21T05:00:00.000Z',
      acceptedAt: '2026-11-22T05:00:00.000Z',
      invoice: { number: 'GL/2026-27/0001', date: '2026-11-23' },
      payment: { state: 'part-paid' as const, paid: 1_000_00, due: 2_437_00, lastPaidOn: '2026-11-24' },
      dispatch: { transporter: 'Kerala Roadways', docketNumber: 'KRW/88123', recordedAt: '2026-11-25T05:00:00.000Z' },
    };
    const steps = orderTimeline({ ...START, ...invoiced });
    expect(steps.map((step) => [step.key, step.state, step.detail])).toEqual([
      ['received', 'done', '20 November 2026'],
      ['quoted', 'done', '21 November 2026'],
      ['accepted', 'done', '22 November 2026'],
      ['invoiced', 'done', 'GL/2026-27/0001, 23 November 2026'],
      ['paid', 'current', 'Part paid: ₹1,000.00 of ₹2,437.00'],
      ['dispatched', 'done', '25 November 2026, Kerala Roadways, docket KRW/88123'],
      ['delivered', 'todo', null],
    ]);
    const paid = orderTimeline({
      ...START,
      ...invoiced,
      status: 'delivered',
      payment: { ...invoiced.payment, state: 'paid', paid: 2_437_00 },
      statusSince: '2026-11-26T19:00:00.000Z',
    });
    expect(paid.map((step) => step.state)).toEqual(Array(7).fill('done'));
    expect(paid[4]?.detail).toBe('24 November 2026');
    // Delivered says when, in India's day (00:30 on the 27th there).
    expect(paid[6]?.detail).toBe('27 November 2026');
  });

  it('an invoice without a quote counts quoting and accepting as done (agreed on the phone)', () => {
    expect(states({ status: 'confirmed', invoice: { number: 'GL/2026-27/0002', date: '2026-11-23' } }).slice(1, 5)).toEqual([
      'quoted:done',
      'accepted:done',
      'invoiced:done',
      'paid:current',
    ]);
  });

  it('a cancelled order keeps what was done and ends in Cancelled', () => {
    expect(states({ status: 'cancelled', quotedAt: '2026-11-21T05:00:00.000Z' })).toEqual([
      'received:done',
      'quoted:done',
      'cancelled:done',
    ]);
    const cancelled = orderTimeline({ ...START, status: 'cancelled', statusSince: '2026-11-22T05:00:00.000Z' });
    expect(cancelled.at(-1)?.detail).toBe('22 November 2026');
  });
});

describe('the order timeline in Malayalam', () => {
  beforeAll(() => loadLanguage('ml'));

  it('dates, part payment and the docket in Malayalam; the labels stay messages for the page to translate', () => {
    const steps = orderTimeline(
      {
        ...START,
        status: 'shipped',
        quotedAt: '2026-11-21T05:00:00.000Z',
        acceptedAt: '2026-11-22T05:00:00.000Z',
        invoice: { number: 'GL/2026-27/0001', date: '2026-11-23' },
        payment: { state: 'part-paid', paid: 1_000_00, due: 2_437_00, lastPaidOn: '2026-11-24' },
        dispatch: { transporter: 'Kerala Roadways', docketNumber: 'KRW/88123', recordedAt: '2026-11-25T05:00:00.000Z' },
      },
      'ml',
    );
    expect(steps.map((step) => [step.key, step.label, step.detail])).toEqual([
      ['received', 'Received', 'നവംബർ 20, 2026'],
      ['quoted', 'Quoted', 'നവംബർ 21, 2026'],
      ['accepted', 'Accepted', 'നവംബർ 22, 2026'],
      ['invoiced', 'Invoiced', 'GL/2026-27/0001, നവംബർ 23, 2026'],
      ['paid', 'Paid', 'ഭാഗികമായി അടച്ചു: ആകെ ₹2,437.00, അടച്ചത് ₹1,000.00'],
      ['dispatched', 'Dispatched', 'നവംബർ 25, 2026, Kerala Roadways, ഡോക്കറ്റ് KRW/88123'],
      ['delivered', 'Delivered', null],
    ]);
  });
});
