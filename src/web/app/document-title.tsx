import { PRODUCT_NAME } from '@shared/brand';
import { useEffect } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';

export interface RouteHandle {
  title?: string;
}

function titleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return undefined;
  return typeof handle.title === 'string' ? handle.title : undefined;
}

/** Names the browser tab after the deepest matching route that declares a title in its handle. */
export function DocumentTitle({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  const title = matches.map((m) => titleOf(m.route.handle)).findLast(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: get referred to your dream job`;
  }, [title]);
  return null;
}
