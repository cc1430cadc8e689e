// Offline support.
// - Code: every file the public pages can load (the build's offline-assets.json, lazily loaded parts included) is
//   stored while online, on install and whenever a page asks (each page load), so a page opened offline finds all
//   of its code; files of older releases are dropped then. Fingerprinted assets and product images: cache first.
// - Pages, their data (React Router's .data answers) and the public catalogue API: network first, falling back to
//   the last copy seen, so what was seen stays readable offline. Nothing personal is stored: no cart, account,
//   enquiry, status page or admin answer, and nothing the server marks no-store or private (every page rendered for
//   a visitor with a session, whose cart count and greeting the next person on a shared phone must not see).
// The version changes whenever what may be stored changes: the new worker drops every older cache, with whatever an
// earlier rule let in.
const VERSION = 'v4';
const ASSETS = `assets-${VERSION}`;
const PAGES = `pages-${VERSION}`;
const OFFLINE_ASSETS = '/offline-assets.json';
const CATALOGUE_API = /^\/api\/(products|categories)(\/|$)/;
/** Pages that may carry personal data, in either language: never stored by storePage (their answers also say no-store). */
const PRIVATE_PAGE = /^(\/ml)?\/(checkout|login|register|admin|enquiry|account)(\/|$)/;
/** The data of the public pages' routes only, in either language (not checkout, sign-in or admin: personal data). */
const PUBLIC_DATA = /^(\/ml)?\/(_root|home|products(\/\d+)?|blog(\/[\w-]+)?|about|contact)\.data$|^\/ml\.data$/;

self.addEventListener('install', (event) => {
  event.waitUntil(storeCode([]).catch(() => {}));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== ASSETS && key !== PAGES).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// A page asks after each load, naming itself and the files it loaded (before the worker controlled it, the first page
// and its code went past the worker).
self.addEventListener('message', (event) => {
  const { type, page, files } = event.data ?? {};
  if (type !== 'store-code') return;
  event.waitUntil(Promise.all([storeCode(Array.isArray(files) ? files : []), storePage(page)]).catch(() => {}));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/images/')) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, () => offlinePage(request)));
  } else if (PUBLIC_DATA.test(url.pathname) || CATALOGUE_API.test(url.pathname)) {
    event.respondWith(networkFirst(request, () => Response.error()));
  }
});

/** Stores the current release's code not stored yet (and the files a page names), and forgets older releases' code. */
async function storeCode(files) {
  const response = await fetch(OFFLINE_ASSETS, { cache: 'no-cache' });
  if (!response.ok) return;
  const listed = await response.json();
  const named = files.map((file) => new URL(file, self.location.origin)).filter((url) => url.origin === self.location.origin);
  const wanted = [...new Set([...listed, ...named.map((url) => url.pathname).filter((path) => path.startsWith('/assets/'))])];
  const cache = await caches.open(ASSETS);
  const stored = await cache.keys();
  const storedPaths = new Set(stored.map((request) => new URL(request.url).pathname));
  await Promise.all(
    stored
      .filter((request) => {
        const path = new URL(request.url).pathname;
        return path.startsWith('/assets/') && !wanted.includes(path);
      })
      .map((request) => cache.delete(request)),
  );
  for (const path of wanted) {
    if (storedPaths.has(path)) continue;
    // One at a time: a cheap phone's connection stays free for what the customer is doing.
    const file = await fetch(path);
    if (file.ok) await cache.put(path, file);
  }
}

/** The page that asked, if it is a public page and not stored yet. */
async function storePage(page) {
  if (typeof page !== 'string') return;
  const url = new URL(page);
  if (url.origin !== self.location.origin || PRIVATE_PAGE.test(url.pathname)) return;
  const cache = await caches.open(PAGES);
  if (await cache.match(url.href)) return;
  const response = await fetch(url.href);
  if (storable(response)) await cache.put(url.href, response);
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

async function networkFirst(request, otherwise) {
  try {
    const response = await fetch(request);
    if (storable(response)) (await caches.open(PAGES)).put(request, response.clone());
    return response;
  } catch {
    return (await caches.match(request)) ?? otherwise();
  }
}

function storable(response) {
  return response.ok && !/no-store|private/.test(response.headers.get('cache-control') ?? '');
}

/**
 * The offline page in the language of the page asked for. Its words are written here, not taken from the catalogue
 * (lib/i18n/messages/ml.json): the worker runs without the app's code, and the Malayalam follows the catalogue's
 * wording of the same notices.
 */
const OFFLINE_PAGE = {
  en: {
    lang: 'en-IN',
    home: '/',
    title: 'Offline',
    heading: 'You are offline',
    text: 'This page has not been saved on this device yet. It opens when the connection is back.',
    back: 'Back to the home page',
  },
  ml: {
    lang: 'ml-IN',
    home: '/ml',
    title: 'ഓഫ്‌ലൈൻ',
    heading: 'നിങ്ങൾ ഓഫ്‌ലൈനാണ്',
    text: 'ഈ പേജ് ഇതുവരെ ഈ ഉപകരണത്തിൽ സൂക്ഷിച്ചിട്ടില്ല. കണക്ഷൻ തിരികെ വരുമ്പോൾ ഇത് തനിയെ തുറക്കും.',
    back: 'ഹോം പേജിലേക്ക് മടങ്ങുക',
  },
};

function offlinePage(request) {
  const path = new URL(request.url).pathname;
  const words = path === '/ml' || path.startsWith('/ml/') ? OFFLINE_PAGE.ml : OFFLINE_PAGE.en;
  return new Response(
    // Tries the page again every 15 s, so it opens by itself once the connection is back, as it says.
    `<!doctype html><html lang="${words.lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      '<meta http-equiv="refresh" content="15">' +
      `<title>${words.title}</title><body style="font-family:system-ui;padding:2rem;max-width:40rem;margin:auto">` +
      `<h1>${words.heading}</h1><p>${words.text}</p>` +
      `<p><a href="${words.home}">${words.back}</a></p></body></html>`,
    { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } },
  );
}
