import { useEffect, useMemo } from 'react';
import { NavProvider, type Nav } from '@/components/nav';
import { useSession } from '@/features/session/session';
import type { Namespace } from '@/i18n';
import LoginPage from '@/pages/auth/LoginPage';
import { PlainFrame } from './layouts/plain-frame';

/** The texts the sign-in screen shows: the rest loads with the router (src/boot/start.tsx). */
export const signInNamespaces: Namespace[] = ['translation', 'account'];

/**
 * SignInScreen is the first screen of a visitor headed for sign-in (/login, where
 * index.html's first-screen script also sends a signed-out deep link): the sign-in
 * page in its frame, rendered without the router, which loads at the visitor's first
 * input (src/boot/start.tsx). Any way off it — a link, the return after sign-in, /update
 * when the server requires a newer app (as UpdateGate would) — is navigate, which
 * hands it to the router; the router then renders the app.
 */
export function SignInScreen({ navigate }: { navigate: Nav['navigate'] }) {
  const { updateRequired } = useSession();
  useEffect(() => {
    if (updateRequired) navigate('/update', { replace: true });
  }, [updateRequired, navigate]);
  const nav = useMemo<Nav>(() => {
    const { pathname, search, hash } = window.location;
    const state: unknown = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
    return { location: { pathname, search, hash, state }, navigate };
  }, [navigate]);
  return (
    <NavProvider value={nav}>
      <PlainFrame>
        <LoginPage />
      </PlainFrame>
    </NavProvider>
  );
}
