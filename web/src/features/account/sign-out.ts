import type { QueryClient } from '@tanstack/react-query';
import { signOut } from '@/features/session/session';

/**
 * forgetSession drops the session and every cached answer that belonged to the user;
 * the app-wide queries (who am I, server info) stay.
 */
export function forgetSession(client: QueryClient): void {
  signOut(client);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'system' });
}
