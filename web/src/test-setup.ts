import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// `make test` runs Vitest beside the Go tests, the build and the browser tests, which share the CPUs: a screen
// that needs longer than Testing Library's default second to appear there is slow, not wrong. Waiting longer
// passes nothing that would not appear.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Test files share one module graph and one jsdom per worker (vitest.config.ts):
// what a file left in the page, storage, address bar or app language is put back
// as a fresh start has it, so the next file starts from the same place.
afterAll(async () => {
  const { defaultLanguage, setLanguage } = await import('@/i18n');
  await setLanguage(defaultLanguage);
  document.body.innerHTML = '';
  for (const attr of [...document.documentElement.attributes]) document.documentElement.removeAttribute(attr.name);
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
