// Helpers for the enquiry-flow browser tests (enquiry cart, options dialog, checkout, contact):
// the catalogue as the API serves it, product cards, the cart panel, toasts, seeding a context's
// cart through the API, and holding or failing API calls with page.route.
import type { BrowserContext, Locator, Page, Request, Route } from 'playwright-core';
import { expect } from 'vitest';

import type { CartItem } from '#domains/cart/model.ts';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';

import { BASE_URL, type OpenedPage, type OpenPageOptions, type SuiteBrowser, type Viewport, visit } from './browser.ts';
import { expectVisible, poll } from './expect.ts';
import { fieldsByLabel } from './forms.ts';

// ─── The catalogue, read from the API at test time ──────────────────────────────────────────────

export interface CatalogueProduct extends Product {
  /** The active variations, in display order ([] without variations). */
  variations: ProductVariation[];
}

let catalogueRead: Promise<CatalogueProduct[]> | undefined;

/**
 * GET /api/products and, for products with variations, GET /api/products/{id}/variations, once per worker: the shared
 * server keeps the demo catalogue (the tests that change products have a server of their own).
 */
export function catalogue(): Promise<CatalogueProduct[]> {
  catalogueRead ??= (async () => {
    const products = await getJson<Product[]>('/api/products');
    return Promise.all(
      products.map(async (product) => ({
        ...product,
        variations: product.hasVariations ? await getJson<ProductVariation[]>(`/api/products/${product.id}/variations`) : [],
      })),
    );
  })();
  return catalogueRead;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${BASE_URL}${path}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export const typesOf = (product: CatalogueProduct): string[] => [...new Set(product.variations.map((v) => v.type))];
export const inStockOptions = (product: CatalogueProduct): ProductVariation[] =>
  product.variations.filter((v) => v.isActive && v.stockQuantity !== 0);

/** The option a product card chooses by itself for one variation type: the first active one. */
export function firstActive(product: CatalogueProduct, type = typesOf(product)[0]): ProductVariation {
  const option = product.variations.find((v) => v.type === type && v.isActive);
  if (!option) throw new Error(`${product.name} has no active ${type} option`);
  return option;
}

/** A carton's price as a decimal string: the variation's own price, else the product's. */
export const cartonPrice = (product: Product, variation?: ProductVariation | null): string =>
  variation?.price != null && variation.price.trim() !== '' ? variation.price : product.price;

/** '100 plates per carton': the variation's carton fields first, then the product's, then the defaults. */
export const unitsText = (product: Product, variation?: ProductVariation | null): string =>
  `${variation?.unitsPerCarton ?? product.unitsPerCarton ?? 1} ${variation?.unitType || product.unitType || 'pieces'}`;

/** 'Size: 10 inch'. */
export const optionText = (variation: ProductVariation): string => `${variation.name}: ${variation.value}`;

/** The first product matching, or a clear failure naming what the test needed. */
export function pick(products: CatalogueProduct[], what: string, test: (p: CatalogueProduct) => boolean): CatalogueProduct {
  const found = products.find(test);
  if (!found) throw new Error(`The catalogue has no ${what}`);
  return found;
}

/** In stock, without variations. */
export const isPlain = (p: CatalogueProduct): boolean => p.inStock && !p.hasVariations;
/**
 * In stock with one variation type whose first active option is in stock, and at least two in-stock
 * options with different carton prices (so changing the option changes the price).
 */
export const isOneType = (p: CatalogueProduct): boolean =>
  p.inStock &&
  p.hasVariations &&
  typesOf(p).length === 1 &&
  firstActive(p).stockQuantity !== 0 &&
  new Set(inStockOptions(p).map((v) => cartonPrice(p, v))).size >= 2;
/** In stock with two variation types. */
export const isTwoTypes = (p: CatalogueProduct): boolean => p.inStock && p.hasVariations && typesOf(p).length === 2;
/** In stock with one variation type and an active option that is sold out. */
export const hasSoldOutOption = (p: CatalogueProduct): boolean =>
  p.inStock && p.hasVariations && typesOf(p).length === 1 && p.variations.some((v) => v.isActive && v.stockQuantity === 0);

// ─── Page parts ─────────────────────────────────────────────────────────────────────────────────

export const main = (page: Page): Locator => page.getByRole('main');

/** The header's cart button ('Enquiry Cart, N items'). */
export const cartButton = (page: Page): Locator => page.getByRole('button', { name: /^Enquiry Cart, \d+ items?$/ });

/** The header badge shows `count` (and the button's name says so). */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  const button = cartButton(page);
  await poll(() => button.locator('span[aria-hidden="true"]').textContent(), 'cart badge').toBe(String(count));
  expect(await button.getAttribute('aria-haspopup')).toBe('dialog');
  await poll(() => button.textContent(), 'cart button text').toContain(`Enquiry Cart, ${count} item`);
}

/** The product card (an article) whose heading is the product's name. */
export function productCard(page: Page, name: string): Locator {
  return main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * Opens the product's category listing and answers its card once the card knows the product's options
 * (its GET /api/products/{id}/variations has finished): only then does it choose the first option itself.
 */
export async function visitCard(page: Page, product: Product): Promise<Locator> {
  // A page loaded whole brings its cards' options: once hydrated, each card has chosen its first one.
  await visit(page, `/products?category=${encodeURIComponent(product.category)}`);
  const card = productCard(page, product.name);
  await expectVisible(card);
  return card;
}

/**
 * Opens /products by the footer's link from another page: a client-side navigation, after which the cards ask for
 * their own options (the case where a card does not know them yet).
 */
export async function openProductsByLink(page: Page): Promise<void> {
  await visit(page, '/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Products', exact: true }).click();
}

/** An option radio of a variation group (its name may end in a stock note). */
export function optionRadio(scope: Locator, group: string, value: string): Locator {
  return scope.getByRole('group', { name: group }).getByRole('radio', { name: new RegExp(`^${escapeRegExp(value)}(\\s|$)`) });
}

/** Chooses an option as a person does: the radio is visually hidden, its label is the target. */
export async function chooseOption(scope: Locator, group: string, value: string): Promise<void> {
  const radio = optionRadio(scope, group, value);
  await radio.locator('xpath=..').click();
  await poll(() => radio.isChecked(), `${group} ${value} checked`).toBe(true);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The open Enquiry Cart panel. */
export const cartPanel = (page: Page): Locator => page.getByRole('dialog', { name: /^Enquiry Cart/ });

export async function openCartPanel(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expectVisible(panel);
  return panel;
}

/** The cartons a cart or checkout line shows in its quantity box. */
export async function expectQuantity(line: Locator, quantity: number): Promise<void> {
  await poll(() => line.getByRole('spinbutton', { name: /^Cartons of / }).inputValue(), 'the line quantity').toBe(
    String(quantity),
  );
}

/** A line of the cart panel, by product name. */
export function panelLine(panel: Locator, name: string): Locator {
  return panel.getByRole('listitem').filter({ has: panel.page().getByText(name, { exact: true }) });
}

/** The options dialog ('Choose options'). */
export const optionsDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Choose options' });

/** The checkout form's fields, by their labels. */
export function checkoutFields(page: Page) {
  return fieldsByLabel(main(page), {
    name: 'Full name',
    email: 'Email',
    phone: 'Mobile number',
    address: 'Delivery address',
    requests: 'Special requests (optional)',
    gstin: 'GSTIN (optional)',
  });
}

/** What a customer types into the checkout form; the optional fields are left as they are unless given. */
export interface CheckoutDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
  requests?: string;
  gstin?: string;
}

/** Types the customer's details into the checkout form, field by field in the form's order. */
export async function fillCheckout(page: Page, details: CheckoutDetails): Promise<void> {
  const f = checkoutFields(page);
  await f.name.fill(details.name);
  await f.email.fill(details.email);
  await f.phone.fill(details.phone);
  await f.address.fill(details.address);
  if (details.requests !== undefined) await f.requests.fill(details.requests);
  if (details.gstin !== undefined) await f.gstin.fill(details.gstin);
}

/** The checkout's enquiry summary (an aside). */
export const summary = (page: Page): Locator => main(page).getByRole('complementary', { name: 'Enquiry summary' });

/** A line of the checkout summary, by product name. */
export function summaryLine(page: Page, name: string): Locator {
  return summary(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The amount next to 'Subtotal', 'Tax' or 'Total' in the checkout summary. */
export async function summaryAmount(page: Page, term: 'Subtotal' | 'Tax' | 'Total'): Promise<string> {
  const dd = summary(page)
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
  return ((await dd.textContent()) ?? '').trim();
}

/** Normalised text of an element. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

// ─── Toasts ─────────────────────────────────────────────────────────────────────────────────────

export const toasts = (page: Page): Locator => page.getByTestId('toast');

/**
 * Exactly one toast is showing, with this title and description; a destructive one is announced in
 * the alert region, any other in the status region.
 */
export async function expectToast(
  page: Page,
  title: string,
  description: string | RegExp,
  variant: 'default' | 'destructive' = 'default',
): Promise<Locator> {
  const region = page.getByRole(variant === 'destructive' ? 'alert' : 'status').filter({ has: page.getByTestId('toast') });
  const toast = region.getByTestId('toast');
  const read = async () =>
    (await toast.count()) === 0
      ? null
      : { title: await textOf(toast.locator('p').first()), description: await textOf(toast.locator('p').nth(1)) };
  await poll(read, `toast '${title}'`).toEqual({
    title,
    description: typeof description === 'string' ? description : expect.stringMatching(description),
  });
  expect(await toasts(page).count(), 'toasts shown at once').toBe(1);
  return toast;
}

/**
 * After the checkout: the home page's notice is the one message about the enquiry (no toast repeats it) and holds the
 * focus. Answers the notice. `displayId` null: any number.
 */
export async function expectEnquirySent(page: Page, displayId: number | null = null): Promise<Locator> {
  const notice = page.getByTestId('last-enquiry-notice');
  await expectVisible(notice.getByRole('heading', { name: 'Order enquiry submitted successfully!' }));
  await expectVisible(notice.getByText(new RegExp(`^Enquiry #${displayId ?? '\\d+'} sent\\.`)));
  await poll(() => notice.evaluate((element) => element === document.activeElement), 'focus on the notice').toBe(true);
  expect(await toasts(page).count(), 'no toast repeats the notice').toBe(0);
  return notice;
}

/** Starts noting, in the page, each time a toast appears or goes (performance.now() milliseconds). */
export async function recordToastTimes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const times: Array<{ shown: boolean; at: number }> = [];
    (window as unknown as { __toastTimes: typeof times }).__toastTimes = times;
    let shown = document.querySelector('[data-testid="toast"]') !== null;
    new MutationObserver(() => {
      const now = document.querySelector('[data-testid="toast"]') !== null;
      if (now === shown) return;
      shown = now;
      times.push({ shown, at: performance.now() });
    }).observe(document.body, { childList: true, subtree: true });
  });
}

export function toastTimes(page: Page): Promise<Array<{ shown: boolean; at: number }>> {
  return page.evaluate(() => (window as unknown as { __toastTimes: Array<{ shown: boolean; at: number }> }).__toastTimes);
}

// ─── The cart through the API, with the context's own cookies ───────────────────────────────────

export interface LineInput {
  productId: number;
  variationId?: number | null;
  quantity: number;
}

/** Adds lines to this context's cart (POST /api/cart, the context's session cookie). */
export async function seedCart(context: BrowserContext, lines: LineInput[]): Promise<void> {
  // The token fetch gives the visitor's cookie; the first add stores the session the page then finds its cart in.
  const { csrfToken } = (await (await context.request.get('/api/auth/csrf-token')).json()) as { csrfToken: string };
  for (const line of lines) {
    const response = await context.request.post('/api/cart', {
      data: { productId: line.productId, variationId: line.variationId ?? null, quantity: line.quantity },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(response.status(), `POST /api/cart ${JSON.stringify(line)}: ${await response.text()}`).toBe(201);
  }
}

/** A page at the viewport whose visitor already has `lines` in the cart. */
export async function openWithCart(
  browser: SuiteBrowser,
  viewport: Viewport,
  lines: LineInput[],
  options?: OpenPageOptions,
): Promise<OpenedPage> {
  const opened = await browser.open(viewport, options);
  await seedCart(opened.context, lines);
  return opened;
}

/** GET /api/cart from the page itself (its cookies). */
export function pageCart(page: Page): Promise<CartItem[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/cart', { credentials: 'include', headers: { accept: 'application/json' } });
    return (await response.json()) as CartItem[];
  });
}

export function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => sessionStorage.getItem(name), key);
}

// ─── Holding and failing API calls ──────────────────────────────────────────────────────────────

export interface Held {
  /** Requests the route has caught so far. */
  requests: Request[];
  /** Resolves when the first request is caught. */
  reached: Promise<Request>;
  /** Lets every caught request (and later ones) through. */
  release: () => void;
}

export interface HoldOptions {
  method?: string;
  /** Answer with this status (and JSON body) instead of the server's answer. */
  status?: number;
  body?: unknown;
}

/**
 * Routes matching API calls and keeps each one waiting until `release()`: by default the request
 * goes to the server at once (route.fetch) and its answer is handed to the page on release; with
 * `status`, the server is not asked and that status is answered on release.
 */
export async function holdApi(page: Page, path: (pathname: string) => boolean, options: HoldOptions = {}): Promise<Held> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reach!: (request: Request) => void;
  const reached = new Promise<Request>((resolve) => (reach = resolve));
  const requests: Request[] = [];
  await page.route(
    (url) => path(url.pathname),
    async (route: Route) => {
      const request = route.request();
      if (options.method && request.method() !== options.method) return route.fallback();
      requests.push(request);
      reach(request);
      try {
        if (options.status !== undefined) {
          await released;
          await route.fulfill({ status: options.status, json: options.body ?? { message: 'Simulated failure' } });
        } else {
          const response = await route.fetch();
          await released;
          await route.fulfill({ response });
        }
      } catch {
        // The page or context closed while the request was held.
      }
    },
  );
  return { requests, reached, release };
}

/**
 * Page options for a test that makes an API call fail (or be refused) on purpose with `status`: the failed call and
 * the browser's console note about it are expected. `path` is the one address, or a test of the addresses; with one
 * address the console note must name it.
 */
export function allowFailure(path: string | ((pathname: string) => boolean), status = 500): OpenPageOptions {
  const expected = typeof path === 'string' ? (pathname: string) => pathname === path : path;
  const noted = typeof path === 'string' ? `${escapeRegExp(path)}\\)$` : '/api/';
  return {
    allowRequest: (url, got) => got === status && expected(new URL(url).pathname),
    allowConsole: [
      new RegExp(
        `^Failed to load resource: the server responded with a status of ${status} \\(.*\\) \\(at ${escapeRegExp(BASE_URL)}${noted}`,
      ),
    ],
  };
}

/** The kinds of product the cart and checkout tests need, picked from what the API serves. */
export async function testProducts() {
  const all = await catalogue();
  const plain = all.filter(isPlain);
  if (plain.length < 2) throw new Error('The catalogue needs two in-stock products without variations');
  return {
    plain: plain[0] as CatalogueProduct,
    otherPlain: plain[1] as CatalogueProduct,
    oneType: pick(all, 'in-stock product with one variation type and two prices', isOneType),
    twoTypes: pick(all, 'in-stock product with two variation types', isTwoTypes),
    soldOutOption: pick(all, 'product with a sold-out option', hasSoldOutOption),
  };
}
