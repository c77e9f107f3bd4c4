import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { signOut } from '@/features/session/session';
import i18n from '@/i18n';
import { track } from './api';

/** Why the session ended: a sign-out, or the account was deleted. */
export type SignOutReason = 'logout' | 'deleted';

/** The navigation state that asks /login to finish a sign-out. */
export interface SignedOutState {
  signedOut: SignOutReason;
}

export function signedOutReason(state: unknown): SignOutReason | null {
  const r = (state as Partial<SignedOutState> | null)?.signedOut;
  return r === 'logout' || r === 'deleted' ? r : null;
}

/**
 * finishSignOut forgets the session once /login is on screen. Doing it there, not on
 * the page that was left, keeps the route guard of that page from seeing a signed-out
 * user and remembering the page as the place to return to after the next login.
 * After a deletion, local storage is cleared as well (spec §7).
 */
export function finishSignOut(client: QueryClient, reason: SignOutReason): void {
  signOut(client); // token, offline codes, cached reads and writes
  if (reason === 'deleted') {
    try {
      localStorage.clear();
    } catch {
      // Storage unavailable: nothing was kept there either.
    }
    void track('delete-profile'); // anonymous now: the account is gone
  }
  toast({
    text: () => ({
      description: reason === 'deleted' ? i18n.t('deleteAccount.deleted', { ns: 'account' }) : i18n.t('profile.signedOut', { ns: 'account' }),
    }),
  });
}
