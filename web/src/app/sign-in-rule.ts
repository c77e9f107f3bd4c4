import type { Access } from './route-table';

/** Where a visitor without a session signs in. */
export const signInPath = '/login';

/**
 * endsOnSignIn is the pre-check of spec §2 as far as it can be decided before the
 * session is known: a route for signed-in users, visited without a stored token,
 * ends on the sign-in screen. The router's loader and index.html's first-screen
 * script (src/boot/first-screen.ts, which runs its source text) both ask it, so it
 * must use nothing but its arguments. With a token the guards decide, once the
 * session check has answered.
 */
export function endsOnSignIn(access: Access, token: string | null): boolean {
  return access !== 'public' && !token;
}
