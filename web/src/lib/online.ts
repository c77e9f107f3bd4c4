import { useSyncExternalStore } from 'react';

// Whether the app can reach the server (issue 26). Two signs count: the browser's own
// (navigator.onLine and its online/offline events, which Chromium's network emulation
// and real phones fire within a moment), and a request that failed at the network
// level while the browser still claims to be online (a captive portal, a WebView that
// never fires the events, the server's host unreachable). The second kind is cleared
// by the next answer of any request, or by a probe every few seconds.
//
// The app's QueryClient follows this store (app/query-client.ts): reads wait while it
// says offline and continue when it says online; writes fail at once.

type Listener = () => void;

const listeners = new Set<Listener>();
let browserOnline = typeof navigator === 'undefined' || navigator.onLine !== false;
let unreachable = false;
let probe: (() => Promise<unknown>) | null = null;
let probeTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * When a probe asks the server whether it is reachable again: soon after the failure (a
 * request that failed as the network came back is usually followed by one that gets
 * through), then every few seconds.
 */
export const firstProbeAfter = 1000;
export const probeEvery = 5000;
let probesFailed = 0;

/** OfflineError is what a write that needs the server throws while the app is offline. */
export class OfflineError extends Error {
  constructor() {
    super('offline');
    this.name = 'OfflineError';
  }
}

/** isOnline is the store's answer: the browser says online and no request just failed at the network. */
export function isOnline(): boolean {
  return browserOnline && !unreachable;
}

export function subscribeOnline(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** useOnline re-renders when the app goes offline or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, isOnline);
}

/**
 * Connection is why the app cannot reach the server, which the screens say differently:
 * 'offline' — the device has no network (the browser says so); 'unreachable' — the
 * device is online but the server gave no answer (down, or its host cut off).
 */
export type Connection = 'online' | 'offline' | 'unreachable';

/** connection is the store's answer with its reason. */
export function connection(): Connection {
  if (!browserOnline) return 'offline';
  return unreachable ? 'unreachable' : 'online';
}

/** useConnection re-renders when the connection or its reason changes. */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeOnline, connection, connection);
}

function set(nextBrowser: boolean, nextUnreachable: boolean): void {
  const before = isOnline();
  const reason = connection();
  browserOnline = nextBrowser;
  unreachable = nextUnreachable;
  if (!unreachable) probesFailed = 0;
  scheduleProbe();
  if (isOnline() === before && connection() === reason) return;
  if (isOnline()) refusedAt = 0; // a refusal is news only while offline
  for (const l of [...listeners]) l();
}

// The last write refused offline (app/query-client.ts): the offline banner says so for a
// moment. It is the one place every screen has, and unlike a toast it needs no chunk
// that may not be loaded yet (offline, nothing more can be).
let refusedAt = 0;
const refusalListeners = new Set<Listener>();

/** noteRefusedOffline records a write that failed for want of a connection. */
export function noteRefusedOffline(): void {
  refusedAt = Date.now();
  for (const l of [...refusalListeners]) l();
}

/** lastRefusal is when the last write was refused offline (ms), or 0 since back online. */
export function lastRefusal(): number {
  return refusedAt;
}

export function subscribeRefusals(listener: Listener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

// How many times the browser has come back online: a request remembers it when it starts.
let onlineEpoch = 0;

/** requestEpoch is what a request notes when it starts, for noteNetworkFailure. */
export function requestEpoch(): number {
  return onlineEpoch;
}

/**
 * noteNetworkFailure records a request that got no answer at all (fetch's TypeError).
 * A request that started before the browser last came online failed for want of the
 * network the browser has since got back (its failure may arrive just after the online
 * event): that is no sign of an unreachable server. started is its requestEpoch().
 */
export function noteNetworkFailure(started: number = onlineEpoch): void {
  if (started !== onlineEpoch) return;
  if (!unreachable) set(browserOnline, true);
}

/** noteAnswer records that a request got an answer (any status): the server is reachable. */
export function noteAnswer(): void {
  if (unreachable) set(browserOnline, false);
}

/**
 * setReachabilityProbe names the request that asks the server whether it is reachable
 * again after a network failure (the API layer gives it; lib knows no URLs). It should
 * resolve when any answer came and reject when none did.
 */
export function setReachabilityProbe(fn: () => Promise<unknown>): void {
  probe = fn;
  scheduleProbe();
}

function scheduleProbe(): void {
  // Only for the second kind: when the browser says offline, its online event ends it.
  const wanted = unreachable && browserOnline && probe !== null;
  if (!wanted) {
    if (probeTimer !== null) clearTimeout(probeTimer);
    probeTimer = null;
    return;
  }
  if (probeTimer !== null) return;
  probeTimer = setTimeout(
    () => {
      probeTimer = null;
      void probe?.().then(noteAnswer, () => {
        probesFailed++;
        scheduleProbe();
      });
    },
    probesFailed === 0 ? firstProbeAfter : probeEvery,
  );
}

/**
 * isNetworkFailure tells a failure that had no answer from the server (offline, the
 * network dropped, the host unreachable) from one the server answered. A tRPC client
 * error keeps fetch's TypeError as its cause; the server's answers carry data instead.
 */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof OfflineError) return true;
  if (typeof err !== 'object' || err === null) return false;
  if ('data' in err && (err as { data?: unknown }).data) return false;
  const cause = (err as { cause?: unknown }).cause;
  if (isFetchFailure(cause) || cause instanceof OfflineError) return true;
  return isFetchFailure(err);
}

/**
 * isFetchFailure: fetch rejected because no answer came, in fetch's own words
 * (Chromium and Android WebView, Firefox, Safari and iOS WebView, Node). Any other
 * TypeError — a bad URL, a bug — is not the network.
 */
export function isFetchFailure(err: unknown): boolean {
  return err instanceof TypeError && /failed to fetch|networkerror|load failed|fetch failed/i.test(err.message);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    onlineEpoch++;
    set(true, false);
  });
  window.addEventListener('offline', () => set(false, unreachable));
}
