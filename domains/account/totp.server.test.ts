import { describe, expect, it } from 'vitest';

import { createTotpSecret, matchTotp, qrCodeDataUrl, totpCode, totpUri } from './totp.server.ts';

/** RFC 6238's SHA-1 test secret, "12345678901234567890" in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('totp', () => {
  it('creates base32 secrets of 20 random bytes', () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
  });

  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
  ])('computes the RFC 6238 codes (SHA-1, 6 digits, 30 s) at %i', (seconds, code) => {
    expect(totpCode(RFC_SECRET, at(seconds))).toBe(code);
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'alice', 'Areca Leaf Co'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Areca Leaf Co:alice');
    expect(uri.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(uri.searchParams.get('issuer')).toBe('Areca Leaf Co');
    for (const [name, value] of [
      ['algorithm', 'SHA1'],
      ['digits', '6'],
      ['period', '30'],
    ] as const) {
      expect([null, value]).toContain(uri.searchParams.get(name));
    }
  });

  it('keeps colons out of the label, where they separate issuer and account', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'al:ice', 'Shop: Main'));
    expect(decodeURIComponent(uri.pathname)).toBe('/Shop Main:alice');
  });

  it('draws the URI as a PNG data URL', async () => {
    const url = await qrCodeDataUrl(totpUri(RFC_SECRET, 'alice', 'Areca Leaf Co'));
    expect(url).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(240); // width from the IHDR chunk
  });

  describe('matchTotp', () => {
    const secret = createTotpSecret();
    const now = at(1_700_000_015); // 15 s into step 56_666_667
    const step = 56_666_667;

    it('returns the current step for the current code', () => {
      expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    });

    it('returns step - 1 for the previous code and step + 1 for the next one', () => {
      expect(matchTotp(secret, totpCode(secret, at(1_700_000_015 - 30)), now)).toBe(step - 1);
      expect(matchTotp(secret, totpCode(secret, at(1_700_000_015 + 30)), now)).toBe(step + 1);
    });

    it('refuses codes two steps away', () => {
      for (const offset of [-60, 60]) {
        const code = totpCode(secret, at(1_700_000_015 + offset));
        // Unless it happens to equal a code of the window (one chance in 10^6 each).
        const window = [-30, 0, 30].map((delta) => totpCode(secret, at(1_700_000_015 + delta)));
        if (!window.includes(code)) expect(matchTotp(secret, code, now)).toBeNull();
      }
    });

    it('looks at whole steps, whatever the second within the step', () => {
      const code = totpCode(secret, at(1_700_000_010)); // first second of the step
      expect(matchTotp(secret, code, at(1_700_000_039))).toBe(step); // last second of the step
      expect(matchTotp(secret, code, at(1_700_000_069))).toBe(step); // last second of the next step
      expect(matchTotp(secret, code, at(1_699_999_980))).toBe(step); // first second of the previous step
    });

    it.each(['', '12345', '1234567', 'abcdef', '12 456', ' 123456', '12345a', '１２３４５６'])('returns null for %j', (code) => {
      expect(matchTotp(secret, code, now)).toBeNull();
    });

    it('refuses a wrong code', () => {
      const right = totpCode(secret, now);
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      const window = [-30, 0, 30].map((delta) => totpCode(secret, at(1_700_000_015 + delta)));
      if (!window.includes(wrong)) expect(matchTotp(secret, wrong, now)).toBeNull();
    });
  });
});
