import { read, remove, storageKeys, write } from '@/lib/storage';

// Paths that make no sense to return to after signing in.
const noReturn = /^\/(login|register|reset|update|callback)(\/|$)/;

/** safeReturnPath accepts only an in-app absolute path, so a stored value cannot send the user off-site. */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (noReturn.test(path)) return null;
  return path;
}

/** rememberPreLoginUrl stores where a signed-out user tried to go (spec §2, §9 `pre_login_url`). */
export function rememberPreLoginUrl(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) write(storageKeys.preLoginUrl, safe);
}

/**
 * takePreLoginUrl is where to go after a successful login: the remembered path, or
 * `/`. It forgets the path so that the next login starts fresh.
 */
export function takePreLoginUrl(): string {
  const path = safeReturnPath(read(storageKeys.preLoginUrl));
  remove(storageKeys.preLoginUrl);
  return path ?? '/';
}
