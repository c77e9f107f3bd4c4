import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * Server paths a navigation must reach lockerd for, never the cached app shell: the
 * API, invoice PDFs, webhooks, the demo payment provider's pages and the probes.
 */
export const apiPaths: RegExp[] = [/^\/c-core\//, /^\/invoices\//, /^\/webhooks\//, /^\/demo-pay\//, /^\/(healthz|readyz|metrics)$/];

/** The web app manifest: installable, standalone, in the brand colour. */
export const manifest: Partial<ManifestOptions> = {
  name: 'Lockers',
  short_name: 'Lockers',
  description: 'Book a smart locker at a station, pay, and open it from your phone.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0f766e',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
