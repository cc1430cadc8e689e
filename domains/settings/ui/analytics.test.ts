import { describe, expect, it } from 'vitest';

import { type AnalyticsHost, startAnalytics } from './analytics.ts';

/** A browser's window and document as the loader sees them, with a clock the test moves. */
function fakeHost(scrollHeight = 4000) {
  const listeners = new Map<string, Set<() => void>>();
  const scripts: Array<{ src: string; async: boolean; dataset: Record<string, string> }> = [];
  const timers: Array<{ at: number; run: () => void; cleared: boolean }> = [];
  let now = 0;
  const win = {
    scrollY: 0,
    innerHeight: 800,
    addEventListener: (type: string, listener: () => void) =>
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
  } as unknown as AnalyticsHost['window'];
  const host: AnalyticsHost = {
    window: win,
    document: {
      createElement: () => {
        const script = { src: '', async: false, dataset: {} };
        return script as unknown as HTMLScriptElement;
      },
      head: { append: (...nodes) => scripts.push(...(nodes as unknown as typeof scripts)) },
      documentElement: { scrollHeight },
    },
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      if (timer) (timer as { cleared: boolean }).cleared = true;
    },
  };
  return {
    host,
    win: win as unknown as Record<string, unknown> & { scrollY: number },
    scripts,
    fire: (type: string) => [...(listeners.get(type) ?? [])].forEach((listener) => listener()),
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    wait: (ms: number) => {
      now += ms;
      for (const timer of timers.filter((t) => !t.cleared && t.at <= now)) {
        timer.cleared = true;
        timer.run();
      }
    },
  };
}

const ga4Events = (win: Record<string, unknown>) =>
  ((win.dataLayer as IArguments[] | undefined) ?? []).map((args) => [...args]).filter((args) => args[0] === 'event');

describe('analytics (after the first interaction or 5 s; scroll depth 25/50/75/90 once each)', () => {
  it('does nothing at all without a setting: no script, no listener, no global', () => {
    const browser = fakeHost();
    const analytics = startAnalytics({}, browser.host);
    browser.fire('pointerdown');
    browser.wait(10_000);
    analytics.track('add_to_cart', { item_id: 1 });
    expect(browser.scripts).toEqual([]);
    expect(browser.listenerCount()).toBe(0);
    expect(browser.win.dataLayer).toBeUndefined();
    expect(browser.win.fbq).toBeUndefined();
  });

  it('loads nothing before the first interaction, then every set provider once', () => {
    const browser = fakeHost();
    startAnalytics({ ga4: 'G-TEST1234', metaPixel: '1234567890', plausibleDomain: 'shop.example.in' }, browser.host);
    browser.wait(4999);
    expect(browser.scripts).toEqual([]);
    browser.fire('keydown');
    browser.fire('pointerdown');
    browser.wait(10_000);
    expect(browser.scripts.map((script) => script.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST1234',
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://plausible.io/js/script.manual.js',
    ]);
    expect(browser.scripts.every((script) => script.async)).toBe(true);
    expect(browser.scripts[2]?.dataset.domain).toBe('shop.example.in');
  });

  it('loads after 5 s when nobody interacts', () => {
    const browser = fakeHost();
    startAnalytics({ ga4: 'G-TEST1234' }, browser.host);
    browser.wait(4999);
    expect(browser.scripts).toHaveLength(0);
    browser.wait(1);
    expect(browser.scripts).toHaveLength(1);
  });

  it('reports each scroll mark once per page view, and again after a page change', () => {
    const browser = fakeHost(4000);
    const analytics = startAnalytics({ ga4: 'G-TEST1234' }, browser.host);
    const scrollTo = (y: number) => {
      browser.win.scrollY = y;
      browser.fire('scroll');
    };
    scrollTo(300); // (300 + 800) / 4000 = 27.5 %
    scrollTo(400);
    scrollTo(2400); // 80 %
    scrollTo(3200); // 100 %
    scrollTo(0);
    scrollTo(3200);
    const marks = () => ga4Events(browser.win).map(([, name, params]) => [name, (params as { percent: number }).percent]);
    expect(marks()).toEqual([
      ['scroll_depth', 25],
      ['scroll_depth', 50],
      ['scroll_depth', 75],
      ['scroll_depth', 90],
    ]);
    analytics.pageView('/products');
    scrollTo(3200);
    expect(marks()).toHaveLength(8);
  });

  it('queues funnel events until the scripts load, in each provider', () => {
    const browser = fakeHost();
    const analytics = startAnalytics({ metaPixel: '1234567890', plausibleDomain: 'shop.example.in' }, browser.host);
    analytics.track('generate_lead', { lines: 2, cartons: 5 });
    expect((browser.win.fbq as { queue: unknown[][] }).queue).toContainEqual([
      'trackCustom',
      'generate_lead',
      { lines: 2, cartons: 5 },
    ]);
    expect((browser.win.plausible as { q: unknown[][] }).q).toContainEqual([
      'generate_lead',
      { props: { lines: 2, cartons: 5 } },
    ]);
  });

  it('once the scripts have loaded, events go to them: Meta through callMethod, Plausible through its own function', () => {
    const browser = fakeHost();
    const analytics = startAnalytics({ metaPixel: '1234567890', plausibleDomain: 'shop.example.in' }, browser.host);
    const toMeta: unknown[][] = [];
    const toPlausible: unknown[][] = [];
    // What fbevents.js and Plausible's script do when they load.
    (browser.win.fbq as { callMethod?: (...args: unknown[]) => void }).callMethod = (...args) => toMeta.push(args);
    browser.win.plausible = (...args: unknown[]) => toPlausible.push(args);
    analytics.track('add_to_cart', { productId: 1 });
    expect(toMeta).toEqual([['trackCustom', 'add_to_cart', { productId: 1 }]]);
    expect(toPlausible).toEqual([['add_to_cart', { props: { productId: 1 } }]]);
    expect((browser.win.fbq as { queue: unknown[][] }).queue).not.toContainEqual([
      'trackCustom',
      'add_to_cart',
      { productId: 1 },
    ]);
  });
});
