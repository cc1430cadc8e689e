import {
  ANALYTICS_DELAY_MS,
  analyticsScripts,
  type AnalyticsSettings,
  hasAnalytics,
  SCROLL_MARKS,
} from '#domains/settings/analytics.ts';

export type AnalyticsParams = Record<string, string | number>;

/** What the loader needs of the browser (a test gives it a fake). */
export interface AnalyticsHost {
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'scrollY' | 'innerHeight'> & Record<string, unknown>;
  document: {
    createElement(tag: 'script'): HTMLScriptElement;
    head: Pick<HTMLElement, 'append'>;
    documentElement: { scrollHeight: number };
  };
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Analytics {
  /** A funnel event (add_to_cart, generate_lead); kept in the providers' queues until their scripts load. */
  track(name: string, params?: AnalyticsParams): void;
  /** A new page view: its scroll marks start again. */
  pageView(path: string): void;
  stop(): void;
}

const NONE: Analytics = { track: () => {}, pageView: () => {}, stop: () => {} };
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

type Queue = ((...args: unknown[]) => void) & {
  q?: unknown[][];
  queue?: unknown[][];
  callMethod?: (...args: unknown[]) => void;
};

/**
 * Third-party analytics: nothing at all without a setting; with one, the providers' scripts load at
 * the first interaction or after 5 s, whichever comes first, and scroll depth is reported at 25, 50, 75 and 90 %
 * once each per page view. Events before the scripts load wait in the providers' own queues.
 */
export function startAnalytics(settings: AnalyticsSettings, host: AnalyticsHost): Analytics {
  if (!hasAnalytics(settings)) return NONE;
  const { window: win, document: doc } = host;
  const queue = (): Queue => {
    const stub: Queue = (...args: unknown[]) => (stub.q ??= []).push(args);
    return stub;
  };
  if (settings.ga4) {
    win.dataLayer ??= [];
    // gtag pushes its `arguments` object, as Google's snippet does.
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js reads Arguments objects from the data layer
      (win.dataLayer as unknown[]).push(arguments);
    };
    const gtag = win.gtag as (...args: unknown[]) => void;
    gtag('js', new Date());
    gtag('config', settings.ga4, { send_page_view: true });
  }
  if (settings.metaPixel) {
    // As Meta's own snippet: calls wait in `queue` until fbevents.js loads and sets `callMethod`, then go to it.
    const fbq: Queue = (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue?.push(args));
    Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] });
    win.fbq = fbq;
    win._fbq = fbq;
    fbq('init', settings.metaPixel);
    fbq('track', 'PageView');
  }
  if (settings.plausibleDomain) win.plausible = queue();

  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    for (const type of INTERACTIONS) win.removeEventListener(type, load);
    host.clearTimeout(timer);
    for (const src of analyticsScripts(settings)) {
      const script = doc.createElement('script');
      script.async = true;
      script.src = src;
      if (src.includes('plausible.io')) script.dataset.domain = settings.plausibleDomain;
      doc.head.append(script);
    }
  };
  for (const type of INTERACTIONS) win.addEventListener(type, load, { once: true, passive: true });
  const timer = host.setTimeout(load, ANALYTICS_DELAY_MS);

  const track = (name: string, params: AnalyticsParams = {}) => {
    if (settings.ga4) (win.gtag as (...args: unknown[]) => void)('event', name, params);
    if (settings.metaPixel) (win.fbq as Queue)('trackCustom', name, params);
    if (settings.plausibleDomain) (win.plausible as Queue)(name, { props: params });
  };

  let reached = new Set<number>();
  const onScroll = () => {
    const height = doc.documentElement.scrollHeight;
    if (height <= 0) return;
    const percent = ((win.scrollY + win.innerHeight) / height) * 100;
    for (const mark of SCROLL_MARKS) {
      if (percent >= mark && !reached.has(mark)) {
        reached.add(mark);
        track('scroll_depth', { percent: mark });
      }
    }
  };
  win.addEventListener('scroll', onScroll, { passive: true });

  return {
    track,
    pageView(path) {
      reached = new Set();
      // GA4 counts client-side page changes itself (enhanced measurement).
      if (settings.metaPixel) (win.fbq as Queue)('track', 'PageView');
      if (settings.plausibleDomain) (win.plausible as Queue)('pageview', { u: path });
    },
    stop() {
      for (const type of INTERACTIONS) win.removeEventListener(type, load);
      win.removeEventListener('scroll', onScroll);
      host.clearTimeout(timer);
    },
  };
}

let current: Analytics = NONE;

/** Starts the shop's analytics in this browser (root component), once; answers the function that stops it. */
export function runAnalytics(settings: AnalyticsSettings): () => void {
  current.stop();
  current = startAnalytics(settings, {
    window: window as unknown as AnalyticsHost['window'],
    document,
    // Called as the host's methods, the browser's own would throw 'Illegal invocation'.
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
  return () => {
    current.stop();
    current = NONE;
  };
}

/** A funnel event (add_to_cart, generate_lead): sent to every set provider, nowhere without one. */
export const trackEvent = (name: string, params?: AnalyticsParams): void => current.track(name, params);

/** A client-side page change: scroll marks start again. */
export const trackPageView = (path: string): void => current.pageView(path);
