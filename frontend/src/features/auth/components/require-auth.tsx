import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '@/lib/hooks';
import { Loading } from '@/components/loading';
import { paths, REDIRECT_PARAM } from '@/lib/paths';
import { selectIsAdmin, selectSessionStatus } from '@/lib/session/session-slice';

function RedirectHome() {
  const { pathname, search, hash } = useLocation();
  const original = `${pathname}${search}${hash}`;
  return <Navigate to={paths.home.getHref(`?${REDIRECT_PARAM}=${encodeURIComponent(original)}`)} replace />;
}

/**
 * The authenticated area: Loading while the session check is pending, then either the
 * nested routes or a redirect to / carrying the original address.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  if (status === 'loading') return <Loading />;
  if (status !== 'authenticated') return <RedirectHome />;
  return children ?? <Outlet />;
}

/** The admin area: like RequireAuth, and role ADMIN only. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  const isAdmin = useAppSelector(selectIsAdmin);
  if (status === 'loading') return <Loading />;
  if (!isAdmin) return <RedirectHome />;
  return children ?? <Outlet />;
}
