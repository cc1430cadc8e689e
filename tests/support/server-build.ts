// A small ServerBuild, laid out as `react-router build` lays one out, for tests that render pages through the real
// SSR plugin and app/entry.server.tsx without building the app.
import type { ServerBuild } from 'react-router';

import * as entryServer from '#app/entry.server.tsx';

const ROUTE_FLAGS = {
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
};

interface TestRoute {
  id: string;
  parentId?: string;
  path?: string;
  module: unknown;
  /** The manifest's flags that differ from none (a loader, an error boundary). */
  flags?: { hasLoader?: boolean; hasErrorBoundary?: boolean };
}

/** The build of these routes; `entryImports` are the client entry's own imports in the manifest. */
export function testServerBuild(routes: readonly TestRoute[], entryImports: string[] = []): ServerBuild {
  return {
    entry: { module: entryServer },
    routes: Object.fromEntries(routes.map(({ id, parentId, path, module }) => [id, { id, parentId, path, module }])),
    assets: {
      entry: { module: '/assets/entry.client.js', imports: entryImports },
      routes: Object.fromEntries(
        routes.map(({ id, parentId, path, flags }) => [
          id,
          { id, parentId, path, module: `/assets/${id}.js`, imports: [], css: [], ...ROUTE_FLAGS, ...flags },
        ]),
      ),
      url: '/assets/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    basename: '/',
    allowedActionOrigins: false,
  } as unknown as ServerBuild;
}
