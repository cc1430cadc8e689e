// Helpers shared by the browser tests: launching Chromium, a fresh context per test with the
// page's errors collected, waiting for React to hydrate, and axe accessibility checks.
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Response,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest';

import { CHROMIUM_ARGS } from '#tests/support/chromium.ts';

import { poll } from './expect.ts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844, isMobile: true, hasTouch: true },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;
export type Viewport = (typeof VIEWPORTS)[ViewportName];

/** [name, viewport] pairs for `describe.each`. */
export const VIEWPORT_ENTRIES = Object.entries(VIEWPORTS) as Array<[ViewportName, Viewport]>;

/** The Chromium the global setup found, or null: suites skip themselves with `describe.skipIf(!CHROMIUM)`. */
export const CHROMIUM: string | null = inject('chromium');
export const BASE_URL: string = inject('baseURL');
export const LARGE_CATALOGUE_URL: string = inject('largeCatalogueURL');
export const ANALYTICS_URL: string = inject('analyticsURL');
export const SETTINGS_URL: string = inject('settingsURL');
/**
 * The server of the tests that add products (its catalogue is the demo's plus theirs while they run), and of the today
 * list's, whose counts only its other tests' enquiries change.
 */
export const CATALOGUE_EDITS_URL: string = inject('catalogueEditsURL');

/**
 * A new page starts in a renderer process of its own, and its first visit to the shop started another (a site gets a
 * process locked to it), some 110 ms of every test's time on 2 cores; with the limit that visit reuses the page's
 * process (docs/decisions/517-browser-tests-in-the-headless-shell.md). Contexts still never share a process (tried:
 * three contexts, three processes or more, none seeing another's globals), so each test's pages stay apart.
 */
const TEST_ONLY_ARGS = ['--renderer-process-limit=1'];

export function launchBrowser(): Promise<Browser> {
  if (!CHROMIUM) throw new Error('No Chromium: the suite should have been skipped.');
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...TEST_ONLY_ARGS] });
}

export interface Problem {
  kind: 'console' | 'pageerror' | 'request';
  text: string;
}

export interface Collected {
  problems: Problem[];
}

export interface OpenPageOptions {
  /**
   * Console errors matching one of these are expected (e.g. the browser's note on a deliberate 404).
   * Each is tested against 'text (at url)', the url being where the message came from.
   */
  allowConsole?: RegExp[];
  /** Failed requests to our own origin that a test causes on purpose (e.g. a broken image). */
  allowRequest?: (url: string, status: number | null) => boolean;
  /** Extra context options (e.g. javaScriptEnabled, userAgent). */
  context?: BrowserContextOptions;
  /** Another server than the shared one (LARGE_CATALOGUE_URL); its requests are the ones checked. */
  baseURL?: string;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  collected: Collected;
}

/**
 * A new context (fresh cookies and storage) and page at the viewport, collecting console errors,
 * uncaught page errors and failed requests to our own origin. Close it with `context.close()`.
 */
export async function openPage(browser: Browser, viewport: Viewport, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const {
    isMobile = false,
    hasTouch = false,
    ...size
  } = viewport as { width: number; height: number; isMobile?: boolean; hasTouch?: boolean };
  const baseURL = options.baseURL ?? BASE_URL;
  const context = await browser.newContext({
    baseURL,
    viewport: size,
    isMobile,
    hasTouch,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // The service worker answers catalogue and page-data requests itself once it controls the page, out of reach of
    // page.route (holdApi); only the tests of offline use and of the worker itself let it run.
    serviceWorkers: 'block',
    ...options.context,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const collected: Collected = { problems: [] };
  const origin = new URL(baseURL).origin;
  const ours = (url: string) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  const allowedRequest = (url: string, status: number | null) => options.allowRequest?.(url, status) ?? false;
  const scriptsOff = options.context?.javaScriptEnabled === false;

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    const text = where ? `${message.text()} (at ${where})` : message.text();
    if (options.allowConsole?.some((pattern) => pattern.test(text))) return;
    collected.problems.push({ kind: 'console', text });
  });
  page.on('pageerror', (error) => {
    collected.problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}` });
  });
  page.on('requestfailed', (request) => {
    const url = request.url();
    const failure = request.failure()?.errorText ?? 'failed';
    // A navigation or a newer loader call cancelling an older one is not an error, nor is a
    // script preload refused because the test turned JavaScript off.
    if (!ours(url) || failure.includes('ERR_ABORTED') || allowedRequest(url, null)) return;
    if (scriptsOff && failure === 'csp' && request.resourceType() === 'script') return;
    collected.problems.push({ kind: 'request', text: `${request.method()} ${url}: ${failure}` });
  });
  page.on('response', (response) => {
    const url = response.url();
    const status = response.status();
    if (status < 400 || !ours(url) || allowedRequest(url, status)) return;
    collected.problems.push({ kind: 'request', text: `${response.request().method()} ${url}: HTTP ${status}` });
  });
  return { context, page, collected };
}

/**
 * One browser for the file (launched in beforeAll) and a fresh context per test. After each test
 * every page it opened is checked for console errors, page errors and failed requests, then closed.
 * Call it once, at the top of the file's `describe.skipIf(!CHROMIUM)` block.
 */
export function useBrowser(): { open: (viewport: Viewport, options?: OpenPageOptions) => Promise<OpenedPage> } {
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    try {
      for (const { collected } of pages) expectNoConsoleErrors(collected);
    } finally {
      await Promise.all(pages.map(({ context }) => context.close()));
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(viewport, options) {
      if (!browser) throw new Error('The browser is not running.');
      const page = await openPage(browser, viewport, options);
      opened.push(page);
      return page;
    },
  };
}

/** The browser `useBrowser` keeps for a file: each test opens its pages with it. */
export type SuiteBrowser = ReturnType<typeof useBrowser>;

/**
 * A suite whose tests run at each viewport in turn, in one browser for the file (`useBrowser`); skipped where there is
 * no Chromium. `tests` declares them for one viewport.
 */
export function describeAtViewports(
  title: string,
  tests: (browser: SuiteBrowser, name: ViewportName, viewport: Viewport) => void,
): void {
  describe.skipIf(!CHROMIUM)(title, () => {
    const browser = useBrowser();
    describe.each(VIEWPORT_ENTRIES)('%s', (name, viewport) => tests(browser, name, viewport));
  });
}

/** Fails with every console error, page error and failed request seen so far. */
export function expectNoConsoleErrors(collected: Collected): void {
  const lines = collected.problems.map((p) => `[${p.kind}] ${p.text}`);
  expect(lines, `the page reported errors:\n${lines.join('\n')}`).toEqual([]);
}

/**
 * Resolves once React has hydrated the server-rendered document: the HostRoot's state says it is
 * no longer dehydrated (React Router hydrates into `document`), which happens in the commit that
 * attaches every event handler. The window globals React Router sets (`__reactRouterContext`,
 * `__reactRouterRouteModules`, ...) exist before hydration starts, so they alone are not enough
 * (checked by delaying the scripts: the modules global is set while the root is still dehydrated).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __reactRouterRouteModules?: unknown };
      if (w.__reactRouterRouteModules === undefined) return false;
      const key = Object.keys(document).find((name) => name.startsWith('__reactContainer$'));
      if (!key) return false;
      const hostRoot = (
        document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>
      )[key];
      const dehydrated = hostRoot?.stateNode?.current?.memoizedState?.isDehydrated;
      // Should a React upgrade rename this internal, fall back to "root created and page loaded".
      return dehydrated === false || (dehydrated === undefined && document.readyState === 'complete');
    },
    undefined,
    // Every frame rather than every 50 ms: the visit ends some 25 ms sooner on average, a visit being 400-500 ms here.
    { timeout: 20_000, polling: 'raf' },
  );
  // Let effects that run right after the hydration commit (listeners, observers) settle.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** page.goto, then waits for hydration; answers the document response. */
export async function visit(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  await waitForHydration(page);
  return response;
}

const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * What AxeBuilder is handed as axe's source once the document has axe: nothing to run. It sends its source at least twice
 * a check (before it looks at the page, then into each frame); the 580 kB went over the wire and were parsed each
 * time, even behind an `if (!window.axe)`. `checkA11y` puts the real source in once a document instead.
 */
const AXE_IN_PAGE = 'void 0';

/** axe-core over the page (WCAG 2.1 A and AA): no 'serious' or 'critical' violation. */
export async function checkA11y(page: Page): Promise<void> {
  // Colours part way through a button's 150 ms colour transition are neither the old nor the new ones: axe would
  // judge a blend nobody sees for longer than a blink. Endless animations (a spinner) are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  // axe.run in the page itself (AxeBuilder's legacy mode), not its default of axe.runPartial in each frame and
  // axe.finishRun in a blank page it opens: the shop's pages have no frames, so both judge the same nodes by the same
  // rules, and the default took 1.3 to 2.3 times as long (see 522-accessibility-checks-of-the-browser-tests.md). Axe is
  // put into the page alone, so a frame would not be checked.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Only the violations are read: axe works out a selector for every node of every result type it keeps, and passes,
  // incomplete and inapplicable rules then keep one node each (`resultTypes`; the options go first, as `options()`
  // replaces what `withTags` set).
  const results = await new AxeBuilder({ page, axeSource: AXE_IN_PAGE })
    .options({ resultTypes: ['violations'] })
    .withTags(A11Y_TAGS)
    .setLegacyMode(true)
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes
          .map(
            (node) =>
              `  - ${node.target.join(' ')}${node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''}`,
          )
          .join('\n'),
    )
    .join('\n');
  expect(
    bad.map((v) => v.id),
    `axe found serious or critical violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}

/** Vertical scroll position of the page. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Scrolls to the bottom of the page (instantly). */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await poll(() => scrollY(page)).toBeGreaterThan(0);
}

/** The element that has focus, described for assertions. */
export function focusedElement(page: Page): Promise<{ tag: string; id: string; text: string } | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    return { tag: el.tagName.toLowerCase(), id: el.id, text: (el.textContent ?? '').trim() };
  });
}
