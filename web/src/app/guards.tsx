import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberPreLoginUrl } from '@/features/session/pre-login';
import { useSession } from '@/features/session/session';
import { PageLoading } from './layouts/page-suspense';

/**
 * RequireUser is the pre-check of spec §2: without a signed-in user it remembers the
 * path (`pre_login_url`) and sends the visitor to /login.
 */
export function RequireUser() {
  const { loading, user } = useSession();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user) {
    rememberPreLoginUrl(location.pathname + location.search + location.hash);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}

/**
 * RequireAdmin sends a non-operator on a back-office route to / (spec §2, §6). A
 * MANAGER gets in too: they see every screen (docs/decisions.md "Back office").
 */
export function RequireAdmin() {
  const { loading, user } = useSession();
  if (loading) return <PageLoading />;
  if (!user?.isAdmin && !user?.isManager) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * UpdateGate holds the user on /update while the server requires a newer app, and
 * sends them to / from /update once none is needed. Payment-provider return pages stay
 * reachable: they only tell the user to close the tab.
 */
export function UpdateGate() {
  const { updateLoading, updateRequired } = useSession();
  const { pathname } = useLocation();
  const onUpdate = pathname === '/update';
  if (updateLoading) return onUpdate ? <PageLoading /> : <Outlet />;
  if (updateRequired && !onUpdate && !pathname.startsWith('/callback/')) return <Navigate to="/update" replace />;
  if (!updateRequired && onUpdate) return <Navigate to="/" replace />;
  return <Outlet />;
}
