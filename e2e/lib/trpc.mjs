// Helpers for driving lockerd with the unmodified @trpc/client, as the web app does.
import { createTRPCClient, httpBatchLink, httpLink } from '@trpc/client';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The two links the contract covers; both must behave identically for one call. */
export const links = { httpLink, httpBatchLink };

/**
 * client builds a @trpc/client for base (e.g. `${url}/c-core/trpc/hybrid`) with the
 * named link. Every HTTP request it makes is recorded in the returned `requests`
 * array ({ method, url }), so tests can count round trips.
 */
export function client(base, linkName, { headers } = {}) {
  const requests = [];
  const link = links[linkName]({
    url: base,
    headers,
    fetch: (url, init) => {
      requests.push({ method: init?.method ?? 'GET', url: String(url) });
      return fetch(url, init);
    },
  });
  return { trpc: createTRPCClient({ links: [link] }), requests };
}

/**
 * rejection awaits p and returns the error it rejects with; it fails the test when p
 * resolves instead.
 */
export async function rejection(p) {
  try {
    const value = await p;
    throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
  } catch (err) {
    if (err?.name !== 'TRPCClientError') throw err;
    return err;
  }
}

/**
 * appCodes reads the AppCode union from the generated router types the web app
 * compiles against, so the contract test checks that the server only answers with
 * codes the client knows.
 */
export async function appCodes() {
  const file = join(root, 'web', 'src', 'api', 'generated', 'app-router.d.ts');
  const text = await readFile(file, 'utf8');
  const m = /export type AppCode\s*=([^;]+);/.exec(text);
  if (!m) throw new Error(`no "export type AppCode = ...;" in ${file}`);
  const codes = [...m[1].matchAll(/['"]([A-Z0-9_]+)['"]/g)].map((x) => x[1]);
  if (codes.length === 0) throw new Error(`AppCode in ${file} lists no codes`);
  return new Set(codes);
}
