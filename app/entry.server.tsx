// React Router's default Node entry (@react-router/dev's entry.server.node.tsx), without the module preloads and with
// a Malayalam page's messages (lib/page-html.server.ts), plus the page's CSP nonce:
// the SSR plugin (platform/ssr/plugin.ts) makes one per request, sends it in the Content-Security-Policy
// header and hands it over in the load context. <ServerRouter nonce> puts it on React Router's inline
// scripts and is the default for <Links>, <Scripts> and <ScrollRestoration>; renderToPipeableStream's
// nonce puts it on React's own streaming scripts; NonceContext lets our components (JSON-LD) use it.
import { PassThrough } from 'node:stream';

import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

import { languageOfPath } from '#lib/language.ts';

import { NonceContext } from './lib/nonce.ts';
import { drawNotingMessages, pageHtml } from './lib/page-html.server.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Crawlers (and SPA mode) get the whole document at once; browsers get a stream from the shell on.
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after `streamTimeout`, leaving time to flush down the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const messageIds = languageOfPath(new URL(request.url).pathname) === 'ml' ? new Set<string>() : undefined;
    const { pipe, abort } = drawNotingMessages(messageIds, () =>
      renderToPipeableStream(
        <NonceContext value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceContext>,
        {
          nonce,
          // What is rendered by the time the shell flushes is written in place. React 19.2 otherwise moves
          // Suspense boundaries past the first 12,800 bytes into hidden elements that only its inline script
          // reveals: without JavaScript (and for a crawler that does not run it) the product grid stayed hidden.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          [readyOption]() {
            shellRendered = true;
            const body = new PassThrough({
              final(callback) {
                // Clear the timeout so the closure is not retained.
                clearTimeout(timeoutId);
                timeoutId = undefined;
                callback();
              },
            });
            const stream = createReadableStreamFromReadable(body);

            responseHeaders.set('Content-Type', 'text/html');

            const html = pageHtml(messageIds);
            html.pipe(body);
            pipe(html);

            resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          },
          onShellError(error: unknown) {
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            // Errors inside the shell are logged here; errors of the shell itself reject and are logged by
            // React Router's handleDocumentRequest.
            if (shellRendered) {
              console.error(error);
            }
          },
        },
      ),
    );
  });
}
