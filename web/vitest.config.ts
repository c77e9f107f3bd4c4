import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { appVersion } from './build/version.ts';

// Test files share one module graph per worker, which saves most of the
// suite's CPU (a jsdom and React import per file). A file that replaces a
// module, a global or the clock (vi.mock, vi.stubGlobal, fake timers) is
// named *.isolated.test.* and gets a graph of its own; eslint.config.js
// holds the others to that.
const isolated = 'src/**/*.isolated.test.{ts,tsx}';

export default defineConfig({
  // Tests see package.json's version whatever LOCKERS_VERSION a shell has set.
  define: { __APP_VERSION__: JSON.stringify(appVersion({})) },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    // Above the 5 s a Testing Library query may wait (src/test-setup.ts), so a slow test fails with what it waited for.
    testTimeout: 20_000,
    restoreMocks: true,
    setupFiles: ['src/test-setup.ts'],
    projects: [
      { extends: true, test: { name: 'isolated', include: [isolated], isolate: true } },
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: [isolated], isolate: false } },
    ],
  },
});
