import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { Footer } from './components/shell/Footer';
import { Header } from './components/shell/Header';
import { SkipLink } from './components/shell/SkipLink';
import { registerServiceWorker } from './lib/service-worker';
import { ToastProvider } from './lib/toast';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/** The visitor's cart and sign-in state, rendered into the first page; afterwards the client keeps them (TanStack Query). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const secure = new URL(request.url).protocol === 'https:';
  const session = await context.sessions.findByCookieHeader(request.headers.get('cookie'), secure);
  return {
    cart: session ? await context.cart.list(context.cart.ownerOf(session)) : [],
    auth: context.auth.status(session),
  };
}

export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6127" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The public shell (header, footer, skip link) on every page except the admin area. */
function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return <>{children}</>;
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </>
  );
}

/** Spec defaults for server data on the client: no retry, no refetch on focus, never stale. */
function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

export default function App() {
  useEffect(registerServiceWorker, []);
  return (
    <Providers>
      <Shell>
        <Outlet />
      </Shell>
    </Providers>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Providers>
      <Shell>
        <section className="container-page py-20 text-center">
          <h1 className="text-3xl font-bold text-leaf-900">{notFound ? '404 Page Not Found' : 'Something went wrong'}</h1>
          <p className="mt-4 text-stone-600">
            {notFound ? 'The page you are looking for does not exist.' : 'Please try again in a moment.'}
          </p>
          <a href="/" className="btn-primary mt-8">
            Go to the home page
          </a>
        </section>
      </Shell>
    </Providers>
  );
}
