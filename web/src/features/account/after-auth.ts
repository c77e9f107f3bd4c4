import type { QueryClient } from '@tanstack/react-query';
import type { AuthResponse, UserView } from '@/api/generated/app-router';
import { toast } from '@/components/ui/toast-store';
import { setLanguage, toLanguage } from '@/i18n';
import { authorizeQuery, signIn } from '@/features/session/session';
import { sendStoredDeviceToken } from './device-token';
import { track, type AccountEvent } from './track';

/**
 * completeAuth finishes a login or set-password answer: the session is stored, the
 * app switches to the user's language (spec §9: the user's own language wins), the
 * stored push token is handed over, the event is tracked and an operator message,
 * if the server sent one, is shown.
 */
export async function completeAuth(client: QueryClient, res: AuthResponse, event: AccountEvent): Promise<void> {
  signIn(client, res);
  if (res.user) await setLanguage(toLanguage(res.user.language));
  await Promise.all([sendStoredDeviceToken(), track(event)]);
  if (res.message) toast({ description: res.message });
}

/** replaceUser puts a fresher user view into the session (after profile changes). */
export function replaceUser(client: QueryClient, user: UserView): void {
  client.setQueryData(authorizeQuery.queryKey, (old) => (old ? { ...old, user } : old));
}
