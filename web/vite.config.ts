import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerender } from './build/prerender.ts';

// The dev server forwards the API to a local lockerd so the browser sees one origin,
// exactly as in production where lockerd serves both the app and /c-core.
export default defineConfig({
  plugins: [react(), tailwindcss(), prerender()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/c-core': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Browsers without <link rel="modulepreload"> (Safari before 17) simply fetch
    // the chunks as they are imported; the polyfill would cost every other browser
    // its bytes in the entry.
    modulePreload: { polyfill: false },
  },
});
