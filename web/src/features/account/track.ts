import { trpc } from '@/api/trpc';
import { read, storageKeys } from '@/lib/storage';

/** The account events of spec §7 in the server's spelling. */
export type AccountEvent =
  | 'login'
  | 'logout'
  | 'sign-up'
  | 'verify'
  | 'recall'
  | 'reset'
  | 'set-password'
  | 'update'
  | 'delete-profile';

/**
 * track sends event.track with the visitor's __SOURCE / __CAMPAIGN. Analytics must
 * never get in the user's way, so a failure is swallowed.
 */
export async function track(type: AccountEvent): Promise<void> {
  try {
    await trpc.event.track.mutate({
      type,
      source: read(storageKeys.source) ?? 'web',
      campaign: read(storageKeys.campaign) ?? 'default',
    });
  } catch {
    // Not worth a message: the user's action itself succeeded.
  }
}
