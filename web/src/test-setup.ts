import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

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
