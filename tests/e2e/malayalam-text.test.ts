// Malayalam text (a customer's name, address or search) is drawn in a Malayalam font on a device without one: this
// machine's Chromium has none, so without the shop's font the letters come out as empty boxes. A page with no
// Malayalam text does not download it.
import { expect, test } from 'vitest';

import { describeAtViewports, visit, waitForHydration } from './support/browser.ts';
import { main } from './support/enquiry.ts';
import { poll } from './support/expect.ts';

const isMalayalamFont = (url: string) => /noto-sans-malayalam-malayalam-\d00-normal-[\w-]+\.woff2$/.test(url);

describeAtViewports('Malayalam text', (browser, _name, viewport) => {
  test('typed Malayalam gets the shop’s Malayalam font; English pages never fetch it', async () => {
    const { page } = await browser.open(viewport);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (isMalayalamFont(request.url())) fonts.push(request.url());
    });

    for (const path of ['/', '/products', '/contact']) await visit(page, path);
    expect(fonts).toEqual([]);

    await waitForHydration(page);
    const name = main(page).getByRole('region', { name: 'Send us a message' }).getByLabel('Name', { exact: true });
    await name.fill('അനിത നായർ');
    await poll(() => fonts.length).toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Malayalam"', 'അനിത'))).toBe(true);
    // Drawn, not boxes: the name is as wide as its letters in that font, not five copies of one missing glyph.
    const widths = await name.evaluate((input: HTMLInputElement) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = getComputedStyle(input).font;
      return [canvas.measureText('അ').width, canvas.measureText('ർ').width];
    });
    expect(widths[0]).not.toBe(widths[1]);
  });

  test('a Malayalam page asks for its font with the page: nothing moves when the letters arrive', async () => {
    const { page } = await browser.open(viewport);
    // Every layout shift of the load, kept from the first paint on.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visit(page, '/ml/products');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Malayalam"', 'പാള'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });
});
