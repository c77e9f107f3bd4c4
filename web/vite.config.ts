import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerender } from './build/prerender.ts';
import { apiPaths, manifest } from './build/pwa.ts';
import { appVersion, versionMeta } from './build/version.ts';

// The dev server forwards the API to a local lockerd so the browser sees one origin,
// exactly as in production where lockerd serves both the app and /c-core.
//
// `vite build --mode native` (npm run build:native) builds the Capacitor app into
// dist-native: the API is at VITE_CORE_URL (src/api/base.ts) and there is no service
// worker, since the shell already ships inside the app.
export default defineConfig(({ mode }) => {
  const native = mode === 'native';
  if (native && !loadEnv(mode, process.cwd(), 'VITE_').VITE_CORE_URL) {
    throw new Error('build:native needs VITE_CORE_URL, the core host, e.g. VITE_CORE_URL=https://lockers.example');
  }
  const version = appVersion();
  return {
    define: { __APP_VERSION__: JSON.stringify(version) },
    plugins: [
      react(),
      tailwindcss(),
      prerender(),
      versionMeta(version),
      VitePWA({
        disable: native,
        // The app registers the worker itself, after the load event (src/boot/service-worker.ts),
        // and asks before it swaps in a new build (registerType 'prompt').
        injectRegister: false,
        registerType: 'prompt',
        manifest,
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        workbox: {
          // The shell and the hashed chunks; API answers, invoices and webhooks are never
          // cached: the worker has no runtime caching at all, and navigations to server
          // paths go to the network.
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
          // Not worth every visitor's bytes: Sentry loads only with a DSN, the back office
          // only for operators (online). Both still load from the network when needed.
          globIgnores: ['assets/sentry-*.js', 'assets/Admin*.js'],
          navigateFallback: '/index.html',
          navigateFallbackDenylist: apiPaths,
          runtimeCaching: [],
          cleanupOutdatedCaches: true,
        },
      }),
    ],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    server: {
      proxy: {
        '/c-core': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      },
    },
    build: {
      outDir: native ? 'dist-native' : 'dist',
      emptyOutDir: true,
      sourcemap: false,
      // No modulepreload links: Vite's loader inserted one per chunk at each import(), about 40 in the router's first
      // task, the longest of the start (docs/decisions/014-first-paint-from-html.md, also for what it costs).
      modulePreload: false,
    },
  };
});
