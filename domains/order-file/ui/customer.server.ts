import { data } from 'react-router';

import { pageRefusal } from '#app/lib/loader-errors.server.ts';

/** Runs a read of the customer's enquiry; a refusal (a link that matches nothing: not found) becomes the page's status. */
export async function orRefusal<T>(read: () => Promise<T>) {
  try {
    return { enquiry: await read(), message: null };
  } catch (error) {
    const { status, message } = pageRefusal(error);
    return data({ enquiry: null, message }, { status });
  }
}

/** Private pages: never stored by the browser, a proxy or the service worker; their links are not passed on. */
export const privateHeaders = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' });
