import { describe, expect, it } from 'vitest';

import { loadConfig } from '#platform/config.ts';

import { pageContentSecurityPolicy } from './security-headers.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('the pages’ CSP and analytics (third-party analytics: nothing without a setting)', () => {
  it('allows no analytics host without a setting', () => {
    const policy = pageContentSecurityPolicy('abc', { https: true, development: false });
    expect(policy).not.toMatch(/googletagmanager|google-analytics|facebook|plausible/);
  });

  it('allows exactly the hosts of the providers that are set', () => {
    const ga4 = pageContentSecurityPolicy('abc', { https: true, development: false, analytics: { ga4: 'G-TEST1234' } });
    expect(directive(ga4, 'script-src')).toBe("script-src 'self' 'nonce-abc' https://www.googletagmanager.com");
    expect(directive(ga4, 'connect-src')).toContain('https://www.google-analytics.com');
    expect(ga4).not.toMatch(/facebook|plausible/);
    const plausible = pageContentSecurityPolicy('abc', {
      https: true,
      development: false,
      analytics: { plausibleDomain: 'shop.example.in' },
    });
    expect(directive(plausible, 'script-src')).toBe("script-src 'self' 'nonce-abc' https://plausible.io");
    expect(plausible).not.toMatch(/google|facebook/);
  });

  it('reads the settings from the environment and refuses an id that is not one', () => {
    expect(loadConfig({}).analytics).toEqual({ ga4: undefined, metaPixel: undefined, plausibleDomain: undefined });
    expect(loadConfig({ ANALYTICS_GA4_ID: 'G-ABC1234', ANALYTICS_META_PIXEL_ID: '123456789012' }).analytics).toMatchObject({
      ga4: 'G-ABC1234',
      metaPixel: '123456789012',
    });
    expect(() => loadConfig({ ANALYTICS_GA4_ID: "G-1'; script-src *" })).toThrow(/ANALYTICS_GA4_ID/);
    expect(() => loadConfig({ ANALYTICS_PLAUSIBLE_DOMAIN: 'https://evil.example/x' })).toThrow(/ANALYTICS_PLAUSIBLE_DOMAIN/);
  });
});
