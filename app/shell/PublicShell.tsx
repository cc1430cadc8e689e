import { WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, useLocation } from 'react-router';

import { useLanguage, useT } from '#app/lib/language.ts';
import { AUTOFOCUS } from '#app/lib/navigation.ts';
import { useOnline } from '#app/lib/use-online.ts';
import { OfflineNotice } from '#app/ui/OfflineNotice.tsx';
import { StorefrontCartContext } from '#domains/catalogue/ui/product-actions.ts';
import { useStorefrontCart } from '#domains/enquiry/ui/use-enquiry-actions.ts';
import { pathIn } from '#lib/language.ts';

import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SkipLink } from './SkipLink.tsx';

/**
 * After a client-side change of page (not on the first load, nor when only the query changes, as with filters), the
 * focus goes to the new page's heading, so keyboard and screen-reader users start at the top of what they opened; or
 * to the message the page opened to show (AUTOFOCUS), such as the notice of an enquiry just sent.
 */
function useFocusOnNewPage(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main-content');
    const message = main?.querySelector<HTMLElement>(`[${AUTOFOCUS}]`);
    if (message) {
      message.focus();
      return;
    }
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    (heading ?? main)?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Said the moment the connection goes, on every page, with what it means; gone the moment it is back. Changes fail
 * at once while offline (nothing is queued), so the page never shows one the shop has not made.
 */
function OfflineBar() {
  const online = useOnline();
  const t = useT();
  return (
    <div role="status" className="contents">
      {!online && (
        <p className="sticky top-14 z-30 flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-stone-900 sm:top-16">
          <WifiOff aria-hidden="true" className="size-4 shrink-0 text-amber-800" />
          <span>
            <span className="font-semibold">{t('You are offline.')}</span>{' '}
            {t('Pages you have seen still open; nothing is added, changed or sent until the connection is back.')}
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * The public pages' frame: skip link, header, the page in the main landmark, footer; and what the product cards and
 * pages do with the enquiry cart (the catalogue names it, the enquiry does it).
 */
export function PublicShell({ children }: { children: ReactNode }) {
  useFocusOnNewPage();
  return (
    <StorefrontCartContext value={useStorefrontCart()}>
      <SkipLink />
      <Header />
      <OfflineBar />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </StorefrontCartContext>
  );
}

/**
 * What a public page shows when it could not be rendered. Offline, it says so (the page had not been saved on this
 * device) and loads the page again as soon as the connection is back.
 */
function ErrorPage({ notFound }: { notFound: boolean }) {
  const online = useOnline();
  const t = useT();
  const home = pathIn(useLanguage(), '/');
  const wasOffline = useRef(!online);
  // A page seen before (its document is stored on the device) but reached by a client-side move, whose data was never
  // stored: opened as a document, from the device, instead of said to be missing.
  const [notStored, setNotStored] = useState(false);
  const lookingUp = !online && !notFound && !notStored && typeof caches !== 'undefined';
  useEffect(() => {
    if (!lookingUp) return;
    let current = true;
    void caches
      .match(window.location.href)
      .then((stored) => {
        if (!current) return;
        if (stored) window.location.reload();
        else setNotStored(true);
      })
      .catch(() => setNotStored(true));
    return () => {
      current = false;
    };
  }, [lookingUp]);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    // 'online' reaches the page before the requests get through, and the service worker may still be cut off (the
    // reload would then get its offline page): reload once the page's data comes through the worker, as it will.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { pathname } = window.location;
    const data = pathname === '/' ? '/_root.data' : `${pathname.replace(/\/$/, '')}.data`;
    const tryReload = () =>
      void fetch(data, { cache: 'no-store' })
        .then((response) => {
          if (response.status >= 500 || response.type === 'error') throw new Error('not yet');
          window.location.reload();
        })
        .catch(() => {
          timer = setTimeout(tryReload, 2000);
        });
    tryReload();
    return () => clearTimeout(timer);
  }, [online]);
  if (lookingUp) return <p className="container-page py-16 text-stone-700">{t('Opening the copy saved on this device…')}</p>;
  if (!online && !notFound) {
    return (
      <section className="container-page max-w-2xl py-16">
        <h1 className="text-3xl font-bold text-leaf-900">{t('This page is not saved on this device')}</h1>
        <div className="mt-6">
          <OfflineNotice>
            {t('It opens by itself when the connection is back. Pages you have already seen still open.')}
          </OfflineNotice>
        </div>
        <a href={home} className="btn-primary mt-8">
          {t('Go to the home page')}
        </a>
      </section>
    );
  }
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold text-leaf-900">{notFound ? t('404 Page Not Found') : t('Something went wrong')}</h1>
      <p className="mt-4 text-stone-600">
        {notFound ? t('The page you are looking for does not exist.') : t('Please try again in a moment.')}
      </p>
      <a href={home} className="btn-primary mt-8">
        {t('Go to the home page')}
      </a>
    </section>
  );
}

/** A route's error in the public frame: 404 Page Not Found for a page that is not there, else Something went wrong. */
export function PublicErrorPage({ error }: { error: unknown }) {
  return (
    <PublicShell>
      <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />
    </PublicShell>
  );
}
