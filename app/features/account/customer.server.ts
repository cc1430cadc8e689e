import { data } from 'react-router';

/** Runs a read of the customer's enquiry; a not-found (by the domain error's kind) becomes the page's 404. */
export async function orNotFound<T>(read: () => Promise<T>) {
  try {
    return { enquiry: await read(), message: null };
  } catch (error) {
    const { kind, message } = error as { kind?: unknown; message?: unknown };
    if (kind === 'not-found' && typeof message === 'string') {
      return data({ enquiry: null, message }, { status: 404 });
    }
    throw error;
  }
}

/** Private pages: never stored by the browser, a proxy or the service worker; their links are not passed on. */
export const privateHeaders = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' });
