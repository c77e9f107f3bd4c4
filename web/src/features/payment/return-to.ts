// Where the app goes on after the provider's page. The provider sends the browser
// back to a fixed /callback/... address that names only the card or the order, so
// the screen that opens the provider's page remembers here, per card or order, where
// the journey continues: `done` once the provider decided, `back` when the user left
// the provider's page without deciding. sessionStorage keeps it for this tab only,
// which is the tab the provider's page opens in.

import { openLink } from '@/lib/open-link';

export interface ReturnTo {
  done: string;
  back: string;
}

const prefix = 'payment-return:';

export function rememberReturn(subjectUuid: string, to: ReturnTo): void {
  try {
    window.sessionStorage.setItem(prefix + subjectUuid, JSON.stringify(to));
  } catch {
    // Storage disabled: the callback page falls back to its default.
  }
}

/** readReturn returns what was remembered for the card or order, or null; only app paths are trusted. */
export function readReturn(subjectUuid: string): ReturnTo | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(prefix + subjectUuid);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const { done, back } = v as Record<string, unknown>;
    return appPath(done) && appPath(back) ? { done, back } : null;
  } catch {
    return null;
  }
}

export function forgetReturn(subjectUuid: string): void {
  try {
    window.sessionStorage.removeItem(prefix + subjectUuid);
  } catch {
    // Nothing to forget.
  }
}

/** appPath: a path inside this app ("/x"), never another origin ("//host", "https:"). */
function appPath(v: unknown): v is string {
  return typeof v === 'string' && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\');
}

/**
 * openProvider leaves the app for the provider's page: in this tab on the web (it
 * returns to /callback/...), in the in-app browser in the native app (lib/open-link).
 */
export function openProvider(url: string, options?: { replace?: boolean }): void {
  openLink(url, options);
}
