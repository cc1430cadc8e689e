/**
 * Third-party analytics (docs/decisions/093-analytics.md): none unless the shop sets one. Each provider is an id the
 * shop owns; the pages' CSP allows a provider's hosts only when it is set (analyticsSources).
 */
export interface AnalyticsSettings {
  /** Google Analytics 4 measurement id, G-XXXXXXX. */
  ga4?: string;
  /** Meta (Facebook) pixel id, digits. */
  metaPixel?: string;
  /** The site's domain as registered with Plausible. */
  plausibleDomain?: string;
}

/** Scroll-depth events at these percentages, once each per page view. */
export const SCROLL_MARKS = [25, 50, 75, 90] as const;
/** Scripts load at the first interaction, or after this long, so they never slow the first view. */
export const ANALYTICS_DELAY_MS = 5000;

export const ANALYTICS_ID_RULES: Record<keyof AnalyticsSettings, RegExp> = {
  ga4: /^G-[A-Z0-9]{4,20}$/,
  metaPixel: /^\d{6,20}$/,
  plausibleDomain: /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
};

export const hasAnalytics = (settings: AnalyticsSettings): boolean =>
  Boolean(settings.ga4 || settings.metaPixel || settings.plausibleDomain);

/** The scripts each set provider loads. */
export function analyticsScripts(settings: AnalyticsSettings): string[] {
  return [
    ...(settings.ga4 ? [`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(settings.ga4)}`] : []),
    ...(settings.metaPixel ? ['https://connect.facebook.net/en_US/fbevents.js'] : []),
    ...(settings.plausibleDomain ? ['https://plausible.io/js/script.manual.js'] : []),
  ];
}

/** The origins the pages' CSP must allow for the set providers, by directive. */
export function analyticsSources(settings: AnalyticsSettings): { script: string[]; connect: string[]; img: string[] } {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  if (settings.ga4) {
    script.push('https://www.googletagmanager.com');
    connect.push('https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
    img.push('https://www.google-analytics.com', 'https://www.googletagmanager.com');
  }
  if (settings.metaPixel) {
    script.push('https://connect.facebook.net');
    connect.push('https://www.facebook.com');
    img.push('https://www.facebook.com');
  }
  if (settings.plausibleDomain) {
    script.push('https://plausible.io');
    connect.push('https://plausible.io');
  }
  return { script, connect, img };
}
