// The reference app's build: the web app's Vite settings that shape what a browser
// loads (web/vite.config.ts: the React plugin, no source maps, no modulepreload
// links, Vite's default target and minifier), without the app's own plugins (PWA,
// prerender, version stamp), which are part of what the comparison measures.
// bench/reference-app.sh runs it with web/'s Vite and node_modules.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: false,
  },
});
