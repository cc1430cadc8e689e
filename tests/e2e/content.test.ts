// The content pages: About, Contact (page content only), the blog index, every
// article, and unknown paths.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import matter from 'gray-matter';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { demoShop } from '#domains/settings/demo-shop.ts';
import { phoneHref, phoneText } from '#domains/settings/shop.ts';
import { dateText } from '#lib/calendar.ts';

import { checkA11y, CHROMIUM, useBrowser, VIEWPORT_ENTRIES, visit } from './support/browser.ts';
import { PRODUCTS } from './support/catalogue.ts';
import { expectHidden, expectURL, expectVisible, poll, texts } from './support/expect.ts';

interface Article {
  slug: string;
  title: string;
  author: string;
  date: string;
  category: string;
  cta: { title: string; text: string; label: string; href: string };
}

const BLOG_DIR = fileURLToPath(new URL('../../content/blog/', import.meta.url));
const ARTICLES: Article[] = fs
  .readdirSync(BLOG_DIR)
  .filter((file) => file.endsWith('.md'))
  .map((file) => ({
    slug: path.basename(file, '.md'),
    ...(matter(fs.readFileSync(path.join(BLOG_DIR, file), 'utf8')).data as Omit<Article, 'slug'>),
  }))
  // 'Latest Articles': newest first.
  .sort((a, b) => b.date.localeCompare(a.date));

/** The six known slugs. */
const SLUGS = [
  'eco-friendly-dining-tips',
  'compostable-vs-plastic',
  'kerala-sustainable-business',
  'kerala-eco-friendly-business-guide',
  'biodegradable-plates-kerala-restaurants',
  'plastic-ban-kerala-2025',
];
/** Where the 'Explore Related Solutions' links may point. */
const SOLUTION_HREFS = [
  '/products',
  '/contact',
  '/products?category=plates',
  '/products?category=containers',
  '/products?category=cutlery',
  '/products?category=bowls',
];
const FEATURED_NAMES = new Set(PRODUCTS.filter((p) => p.featured).map((p) => p.name));

function article(slug: string): Article {
  const found = ARTICLES.find((a) => a.slug === slug);
  if (!found) throw new Error(`No content/blog/${slug}.md`);
  return found;
}

const main = (page: Page) => page.getByRole('main');
const region = (page: Page, name: string) => main(page).getByRole('region', { name });

async function expectBlogIndex(page: Page): Promise<void> {
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Eco-friendly living blog' }));
  const topics = main(page).getByRole('heading', { level: 2 });
  expect((await texts(topics)).slice(0, 3)).toEqual(['Sustainable Living', 'Product Guides', 'Environmental Impact']);
  const latest = region(page, 'Latest Articles');
  const cards = latest.getByRole('article');
  expect(await cards.count()).toBe(5);
  const titles = await texts(cards.getByRole('heading', { level: 3 }));
  expect(titles).toEqual(ARTICLES.slice(0, 5).map((a) => a.title));
  expect(await cards.first().getByText('Featured', { exact: true }).count()).toBe(1);
  expect(await latest.getByText('Featured', { exact: true }).count()).toBe(1);
}

describe.skipIf(!CHROMIUM)('content pages', () => {
  const browser = useBrowser();

  test('the six known slugs all have an article', () => {
    expect(ARTICLES.map((a) => a.slug).sort()).toEqual([...SLUGS].sort());
  });

  describe.each(VIEWPORT_ENTRIES)('%s', (_name, viewport) => {
    test('About shows the mission and the four features', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, '/about');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Our story' }));
      const mission = region(page, 'Our mission');
      await expectVisible(mission.getByText(/replace single-use plastic/));
      expect(await texts(mission.getByRole('heading', { level: 3 }))).toEqual([
        'Food Grade',
        'Microwave Safe',
        'Freezer Safe',
        '100% Recyclable',
      ]);
      expect(await region(page, 'Quality you can check').getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await region(page, 'Our sustainability commitment').getByRole('listitem').count()).toBeGreaterThan(0);
      await checkA11y(page);
    });

    test('Contact shows the details, the hours, the bulk order card and four FAQs that expand', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, '/contact');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Contact us' }));
      const details = region(page, 'Get in touch');
      expect(await details.getByRole('link', { name: phoneText(demoShop.phone) }).getAttribute('href')).toBe(
        phoneHref(demoShop.phone),
      );
      expect(await details.getByRole('link', { name: demoShop.email }).getAttribute('href')).toBe(`mailto:${demoShop.email}`);
      expect(await details.textContent()).toContain(demoShop.address.locality);

      const hours = region(page, 'Business hours');
      await expectVisible(hours.getByText('Monday to Saturday 9:00 AM to 6:00 PM IST', { exact: true }));
      await expectVisible(hours.getByText('Sunday closed', { exact: true }));

      const bulk = region(page, 'Bulk orders');
      expect(await bulk.getByRole('link', { name: `Call ${phoneText(demoShop.phone)}` }).getAttribute('href')).toBe(
        phoneHref(demoShop.phone),
      );

      const faq = region(page, 'Frequently asked questions');
      const questions = faq.locator('summary');
      const asked = await texts(questions);
      expect(asked).toHaveLength(4);
      // The FAQ's topics, in order: custom branding, bulk pricing, materials, composting time.
      expect(asked[0]).toMatch(/logo|brand/i);
      expect(asked[1]).toMatch(/bulk pricing/i);
      expect(asked[2]).toMatch(/made of/i);
      expect(asked[3]).toMatch(/compost/i);
      for (let i = 0; i < 4; i += 1) {
        const item = faq.getByRole('group').nth(i);
        const answer = item.locator('p');
        await expectHidden(answer);
        await questions.nth(i).click();
        await expectVisible(answer);
        expect(await item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      }
      await checkA11y(page);
    });

    test('the blog index shows three topic cards and the five latest articles, the first featured', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, '/blog');
      await expectBlogIndex(page);
      await checkA11y(page);
      const first = ARTICLES[0];
      if (!first) throw new Error('No articles');
      await region(page, 'Latest Articles').getByRole('link', { name: first.title }).click();
      await expectURL(page, `/blog/${first.slug}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: first.title }));
    });

    test('each topic is a link that shows only its articles, newest first, with a way back to all', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, '/blog');
      const guides = main(page).getByRole('link', { name: /^Product Guides/ });
      await guides.click();
      await expectURL(page, '/blog?topic=product-guides');
      const latest = region(page, 'Latest Articles');
      const expected = ARTICLES.filter((a) => a.category === 'Product Guides');
      await poll(() => texts(latest.getByRole('article').getByRole('heading', { level: 3 }))).toEqual(
        expected.map((a) => a.title),
      );
      expect(await guides.getAttribute('aria-current')).toBe('page');
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('latest-title');
      await latest.getByRole('link', { name: 'Show all articles' }).click();
      await expectURL(page, '/blog');
      await poll(() => latest.getByRole('article').count()).toBe(5);
    });

    test("reading times follow each article's length (not one figure for all)", async () => {
      const { page } = await browser.open(viewport);
      await visit(page, '/blog');
      const minutes = (await texts(region(page, 'Latest Articles').getByRole('article'))).map((text) =>
        Number(/(\d+) min read/.exec(text)?.[1]),
      );
      expect(minutes.every((m) => m >= 1)).toBe(true);
      const words = (slug: string) => fs.readFileSync(path.join(BLOG_DIR, `${slug}.md`), 'utf8').split(/\s+/).length;
      const shown = ARTICLES.slice(0, 5).map((a, i) => ({ words: words(a.slug), minutes: minutes[i]! }));
      for (const a of shown)
        for (const b of shown) if (a.words > b.words * 1.25) expect(a.minutes).toBeGreaterThanOrEqual(b.minutes);
      expect(new Set(minutes).size).toBeGreaterThan(1);
    });

    test.each(SLUGS)('/blog/%s renders the article with its byline, call to action and related blocks', async (slug) => {
      const post = article(slug);
      const { page } = await browser.open(viewport);
      await visit(page, `/blog/${slug}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: post.title }));
      expect(await page.title()).toContain(post.title);
      const byline = main(page).getByText(`By ${post.author}`, { exact: false }).first();
      const bylineText = ((await byline.textContent()) ?? '').replace(/\s+/g, ' ').trim();
      expect(bylineText).toMatch(new RegExp(`^By ${post.author} · ${dateText(post.date)} · \\d+ min read$`));
      expect(await byline.locator('time').getAttribute('datetime')).toBe(post.date);

      const cta = main(page).getByRole('complementary', { name: post.cta.title });
      await expectVisible(cta.getByText(post.cta.text));
      expect(await cta.getByRole('link', { name: post.cta.label }).getAttribute('href')).toBe(post.cta.href);

      const solutions = main(page).getByRole('complementary', { name: 'Explore Related Solutions' }).getByRole('link');
      const count = await solutions.count();
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(3);
      for (const href of await solutions.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
        expect(SOLUTION_HREFS).toContain(href);
      }

      // 2 related articles on article pages; featured products 3 or 4.
      const related = main(page).getByRole('complementary', { name: 'Related articles' }).getByRole('article');
      expect(await related.count()).toBe(2);
      for (const title of await texts(related.getByRole('heading', { level: 3 }))) {
        expect(title).not.toBe(post.title);
        expect(ARTICLES.map((a) => a.title)).toContain(title);
      }
      const products = main(page).getByRole('complementary', { name: 'Featured products' }).getByRole('article');
      const shown = await texts(products.getByRole('heading', { level: 3 }));
      expect(shown.length).toBeGreaterThanOrEqual(3);
      expect(shown.length).toBeLessThanOrEqual(4);
      for (const name of shown) expect(FEATURED_NAMES.has(name), name).toBe(true);
      await checkA11y(page);
    });

    test('the business guide’s table of contents links to its sections', async () => {
      const { page } = await browser.open(viewport);
      await visit(page, '/blog/kerala-eco-friendly-business-guide');
      const toc = main(page).getByRole('navigation', { name: 'In this guide' });
      const hrefs = await toc.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(['#why-kerala', '#government-support', '#business-opportunities', '#market-analysis']);
      for (const href of hrefs) expect(await page.locator(href ?? '').count(), href ?? '').toBe(1);
      await toc.getByRole('link', { name: 'Market Analysis' }).click();
      await poll(() => new URL(page.url()).hash).toBe('#market-analysis');
      await expectURL(page, '/blog/kerala-eco-friendly-business-guide');
      const target = page.locator('#market-analysis');
      await expectVisible(target);
      // Scrolled to the section.
      await poll(() =>
        target.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        }),
      ).toBe(true);
      await main(page).getByRole('link', { name: 'Back to Blog' }).click();
      await expectURL(page, '/blog');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Eco-friendly living blog' }));
    });

    test('an unknown blog slug shows the blog index', async () => {
      const { page } = await browser.open(viewport);
      const response = await visit(page, '/blog/unknown-slug');
      expect(response?.status()).toBe(200);
      await expectBlogIndex(page);
    });

    test('an unknown path shows 404 Page Not Found with HTTP 404', async () => {
      const missing = '/no-such-page/here';
      const { page } = await browser.open(viewport, {
        allowRequest: (url, status) => new URL(url).pathname === missing && status === 404,
        allowConsole: [
          /^Failed to load resource: the server responded with a status of 404 \(Not Found\) \(at .*\/no-such-page\/here\)$/,
        ],
      });
      const response = await visit(page, missing);
      expect(response?.status()).toBe(404);
      await expectVisible(page.getByRole('heading', { level: 1, name: '404 Page Not Found' }));
      await checkA11y(page);
      await main(page).getByRole('link', { name: 'Browse products' }).click();
      await expectURL(page, '/products');
    });
  });
});
