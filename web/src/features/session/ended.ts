// Whether this tab's session was ended by the server (a password reset or a sign-out
// elsewhere, an expired token): the app goes to /login, which says so. It is this
// tab's fact, kept in memory with a copy in sessionStorage so that the page that
// shows it survives the reload that a stale chunk can cause; other tabs learn it
// from their own next call.
import { useSyncExternalStore } from 'react';

/** The sessionStorage key (index.html's first-screen script reads it too). */
export const sessionEndedKey = 'session_ended';
const key = sessionEndedKey;
const listeners = new Set<() => void>();
let ended = readStored();

function readStored(): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function set(value: boolean): void {
  if (ended === value) return;
  ended = value;
  try {
    if (value) window.sessionStorage.setItem(key, '1');
    else window.sessionStorage.removeItem(key);
  } catch {
    // Without sessionStorage the memory copy still sends this page to /login.
  }
  for (const listener of listeners) listener();
}

/** markSessionEnded records that the server ended the session: the app goes to /login. */
export function markSessionEnded(): void {
  set(true);
}

/** acknowledgeSessionEnded: /login has taken the news (it shows it), nothing needs to go there any more. */
export function acknowledgeSessionEnded(): void {
  set(false);
}

export function sessionEndedPending(): boolean {
  return ended;
}

export function subscribeSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** useSessionEndedPending is true from the server's refusal until /login has taken it. */
export function useSessionEndedPending(): boolean {
  return useSyncExternalStore(subscribeSessionEnded, sessionEndedPending, sessionEndedPending);
}
