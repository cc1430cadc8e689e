import './lib/visitor-queries.ts';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router';

import { PriceGroupProvider } from '#domains/pricing/ui/price-group.tsx';
import { runAnalytics, trackPageView } from '#domains/settings/ui/analytics.ts';
import { loadLanguage } from '#lib/i18n/translate.ts';
import { HTML_LANG, languageOfPath } from '#lib/language.ts';

import type { Route } from './+types/root.ts';
import stylesheet from './app.css?url';
import { MessageArrivals, useLanguage, useMessageArrivals } from './lib/language.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { ToastProvider } from './lib/toast.tsx';
import { PublicErrorPage } from './shell/PublicShell.tsx';

// A link of its own, so it comes first in the head: before the scripts' preloads, which would otherwise hold up the
// one file the first paint waits for (measured with Lighthouse: docs/benchmarks.md).
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'high' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/**
 * A page rendered for a visitor with a stored session (a cart, a sign-in) carries their cart count and greeting: no
 * shared cache, no service worker and no back-forward cache may keep it for the next person on the same phone.
 */
const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The visitor's cart and sign-in state, rendered into the first page; afterwards the client keeps them (TanStack Query).
 * With them, the shop's public details and hours as its settings stand (domains/settings/ui/shop.ts): a settings change clears
 * the page cache, so the next page shows it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const language = languageOfPath(url.pathname);
  await loadLanguage(language);
  const session = await context.sessions.findByCookieHeader(request.headers.get('cookie'), secure);
  const owner = session ? context.cart.ownerOf(session) : null;
  // The price group a signed-in customer's pages price by (domains/pricing/ui/price-group.tsx); null: the public prices.
  const priceGroup = owner && 'userId' in owner ? await context.priceGroups.termsOfUser(owner.userId) : null;
  const state = {
    // Its products named in the page's language, as the cart's own fetch asks for them (domains/cart/ui/use-cart.ts).
    cart: owner ? await context.cart.list(owner, priceGroup, language) : [],
    priceGroup,
    auth: context.auth.status(session),
    analytics: context.analytics,
    origin: context.publicUrl ?? new URL(request.url).origin,
    shop: await context.settings.publicShop(),
  };
  return session ? data(state, { headers: PERSONAL }) : state;
}

/** The root's headers (no-store for a visitor with a session) reach every page that does not set its own. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang={HTML_LANG[useLanguage()]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6127" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <MessageArrivals value={useMessageArrivals()}>{children}</MessageArrivals>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Defaults for server data on the client: no retry, no refetch on focus, never stale. */
function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      // A change offline fails at once and says so, rather than waiting, paused, on a spinner.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <PriceGroupProvider>
        <ToastProvider>{children}</ToastProvider>
      </PriceGroupProvider>
    </QueryClientProvider>
  );
}

/** Analytics load after the first interaction or 5 s, so they never slow the first view; only if the shop set a provider. */
function useAnalytics() {
  const settings = useRouteLoaderData<typeof loader>('root')?.analytics;
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => (settings ? runAnalytics(settings) : undefined), [settings]);
  // The first page view is the providers' own; each later page change is told.
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    trackPageView(pathname);
  }, [pathname]);
}

export default function App() {
  useEffect(registerServiceWorker, []);
  useAnalytics();
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}

/** Only when the root itself fails (its loader); a public page's errors are its layout's. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Providers>
      <PublicErrorPage error={error} />
    </Providers>
  );
}
