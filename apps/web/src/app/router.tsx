import { lazy } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import type { AppRoute } from './route-types.ts';

const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.tsx'));

/** What each matched route carries, so guards and breadcrumbs read the table entry back. */
export interface RouteHandle {
  route: AppRoute;
}

function elementOf(route: AppRoute) {
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  if (route.component) return <route.component />;
  if (route.children) return <Outlet />;
  // spec §2: the not-found page is the fallback for a route with no component.
  return <NotFoundPage />;
}

// The first load needs the table's route objects twice, to preload the landing route and to make
// the router: built once, as a slow phone's main thread is busiest then.
const built = new WeakMap<readonly AppRoute[], RouteObject[]>();

/** The route table as React Router route objects. */
export function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  let objects = built.get(routes);
  if (!objects) {
    objects = buildRouteObjects(routes);
    built.set(routes, objects);
  }
  return objects;
}

function buildRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const handle: RouteHandle = { route };
    if (route.index) return { index: true, element: elementOf(route), handle };
    return {
      path: route.path,
      element: elementOf(route),
      handle,
      children: route.children ? toRouteObjects(route.children) : undefined,
    };
  });
}

export function matchedRoutes(matches: readonly { handle: unknown }[]): AppRoute[] {
  return matches.flatMap((match) => {
    const handle = match.handle as RouteHandle | undefined;
    return handle?.route ? [handle.route] : [];
  });
}

/**
 * Loads the layout and page code of the route at `pathname` all at once, instead of one round
 * trip after the other (layout, then page) as React meets them. Settles when all have arrived or
 * failed: a failure shows later, where React loads the page itself. A redirect decided later by
 * the guards only costs an unused download.
 */
export async function preloadRoute(routes: readonly AppRoute[], pathname: string): Promise<void> {
  const matches = matchRoutes(toRouteObjects(routes), pathname) ?? [];
  const pages = matchedRoutes(matches.map((match) => ({ handle: match.route.handle })));
  await Promise.allSettled(pages.map((route) => route.component?.preload()));
}
