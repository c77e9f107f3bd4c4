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

/**
 * coreFetch is the tRPC links' fetch. Across origins it includes credentials, as the
 * spec asks of native builds; lockerd answers such requests only for the origins in
 * CORS_ORIGINS. Same-origin requests keep the browser's default.
 */
export const coreFetch: typeof fetch = crossOrigin()
  ? (input, init) => fetch(input, { ...init, credentials: 'include' })
  : (input, init) => fetch(input, init);
