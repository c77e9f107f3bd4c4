import { read, remove, storageKeys, write } from '@/lib/storage';

// Paths that make no sense to return to after signing in.
const noReturn = /^\/(login|register|reset|update|callback)(\/|$)/;

/** safeReturnPath accepts only an in-app absolute path, so a stored value cannot send the user off-site. */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (noReturn.test(path)) return null;
  return path;
}

// This tab's own remembered path. `pre_login_url` is shared by every tab of the
// browser: when a session ends, each open tab goes to /login and remembers its page,
// and the last one would send every tab there (issue 26). A tab that remembered a path
// itself returns to it; after a reload (or when index.html's first-screen script
// wrote the key before the app ran) the stored one is all there is.
let own: string | null = null;

/** rememberPreLoginUrl stores where a signed-out user tried to go (spec §2, §9 `pre_login_url`). */
export function rememberPreLoginUrl(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  own = safe;
  write(storageKeys.preLoginUrl, safe);
}

/**
 * takePreLoginUrl is where to go after a successful login: the remembered path, or
 * `/`. It forgets the path so that the next login starts fresh.
 */
export function takePreLoginUrl(): string {
  const path = safeReturnPath(own ?? read(storageKeys.preLoginUrl));
  own = null;
  remove(storageKeys.preLoginUrl);
  return path ?? '/';
}
