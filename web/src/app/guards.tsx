import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionEndedPending } from '@/features/session/ended';
import { rememberPreLoginUrl } from '@/features/session/pre-login';
import { useSession } from '@/features/session/session';
import { useOnline } from '@/lib/online';
import { read, storageKeys } from '@/lib/storage';
import { PageLoading } from './layouts/page-suspense';
import { RouterNav } from './router-nav';
import { signInPath } from './sign-in-rule';

const OfflineCodesPage = lazy(() => import('@/pages/order/OfflineCodesPage'));

/**
 * RequireUser is the pre-check of spec §2: without a signed-in user it remembers the
 * path (`pre_login_url`) and sends the visitor to /login.
 */
export function RequireUser() {
  const { loading, user } = useSession();
  const location = useLocation();
  const online = useOnline();
  // Offline with a token kept, the session check waits for the connection, or found no
  // server and counted as signed out (a server that refuses the token removes it). The
  // codes kept on the device are what can be used meanwhile (issue 26); back online the
  // check runs again and the screen asked for follows.
  if ((loading || !user) && !online && read(storageKeys.bearer)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <OfflineCodesPage />
      </Suspense>
    );
  }
  if (loading) return <PageLoading />;
  if (!user) {
    rememberPreLoginUrl(location.pathname + location.search + location.hash);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}

/**
 * RequireAdmin sends a non-operator on a back-office route to / (spec §2, §6). A
 * MANAGER gets in too: they see every screen (docs/decisions/060-back-office-access-and-audit.md).
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
 * reachable: they only tell the user to close the tab. It also sends a user whose
 * session the server ended to /login.
 */
export function UpdateGate() {
  // The root of every route: the router-free components (components/nav.tsx) navigate through it.
  return (
    <RouterNav>
      <Gate />
    </RouterNav>
  );
}

function Gate() {
  const { updateLoading, updateRequired } = useSession();
  const { pathname, search, hash } = useLocation();
  const ended = useSessionEndedPending();
  const onUpdate = pathname === '/update';
  // A session the server ended leads to /login, which says why; the next sign-in
  // comes back to this page (issue 26). Public pages too, so it is checked here.
  if (ended && pathname !== signInPath) {
    rememberPreLoginUrl(pathname + search + hash);
    return <Navigate to={signInPath} replace />;
  }
  if (updateLoading) return onUpdate ? <PageLoading /> : <Outlet />;
  if (updateRequired && !onUpdate && !pathname.startsWith('/callback/')) return <Navigate to="/update" replace />;
  if (!updateRequired && onUpdate) return <Navigate to="/" replace />;
  return <Outlet />;
}
