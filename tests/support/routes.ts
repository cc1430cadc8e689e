import type { HTTPMethods, RouteOptions } from 'fastify';

export interface Route {
  method: HTTPMethods;
  /** The route's pattern, e.g. /api/cart/:productId. */
  path: string;
}

/**
 * Every route the app adds, as it adds it: give `onRoute` to createTestApp, read `routes` once it is built. A route
 * added later is walked too, without parsing printed output.
 */
export function routeCollector(): { routes: Route[]; onRoute: (route: RouteOptions) => void } {
  const routes: Route[] = [];
  return {
    routes,
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method: method as HTTPMethods, path: route.url });
    },
  };
}
