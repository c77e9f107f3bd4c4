import { isFetchFailure, noteAnswer, noteNetworkFailure, requestEpoch, setReachabilityProbe } from '@/lib/online';

/**
 * coreBase is where the API lives. The web app is served by lockerd itself, so it
 * is the same-origin prefix /c-core. The native build (npm run build:native) runs
 * from capacitor://localhost or https://localhost, so it uses the absolute core URL
 * it was built with (VITE_CORE_URL, e.g. https://lockers.example/c-core), spec §7.
 */
export function coreBase(configured: string | undefined = import.meta.env.VITE_CORE_URL): string {
  const url = configured?.trim().replace(/\/+$/, '');
  return url ? url : '/c-core';
}

/** crossOrigin is true when the API is on another origin than the page. */
export function crossOrigin(base = coreBase()): boolean {
  return /^https?:\/\//i.test(base);
}

const plainFetch: typeof fetch = crossOrigin()
  ? (input, init) => fetch(input, { ...init, credentials: 'include' })
  : (input, init) => fetch(input, init);

/**
 * coreFetch is the tRPC links' fetch. Across origins it includes credentials, as the
 * spec asks of native builds; lockerd answers such requests only for the origins in
 * CORS_ORIGINS. Same-origin requests keep the browser's default. Every request tells
 * the online store (lib/online.ts) whether it got an answer: a network failure is a
 * sign of being offline even when the browser says otherwise (issue 26).
 */
export const coreFetch: typeof fetch = async (input, init) => {
  const started = requestEpoch();
  try {
    const res = await plainFetch(input, init);
    noteAnswer();
    return res;
  } catch (err) {
    // No answer came (an abort is the caller's own, a bad URL a bug).
    if (isFetchFailure(err)) noteNetworkFailure(started);
    throw err;
  }
};

// After a network failure, the server's public version answer says when it is back.
setReachabilityProbe(() => plainFetch(`${coreBase()}/trpc/hybrid/system.info`));
