import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(\+[0-9A-Za-z.-]+)?$/;

/**
 * The app's version, which it sends as device info and lockerd checks against
 * MIN_APP_VERSION: LOCKERS_VERSION when the build is stamped (`make build` passes
 * scripts/version.sh's, the one lockerd and the image carry too), else
 * package.json's own. Vite replaces __APP_VERSION__ with it (src/lib/version.ts).
 */
export function appVersion(env: Record<string, string | undefined> = process.env): string {
  const pkg = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  const version = env.LOCKERS_VERSION?.trim() || pkg;
  if (!semver.test(version)) {
    throw new Error(`app version "${version}" is not MAJOR.MINOR.PATCH[+build] (LOCKERS_VERSION or package.json)`);
  }
  return version;
}

/**
 * Names the version in index.html (<meta name="app-version">), so a look at the
 * page, and `make image` before it packs the build, can tell which version it is.
 */
export function versionMeta(version: string): Plugin {
  return {
    name: 'lockers:version',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'app-version', content: version }, injectTo: 'head' }],
  };
}
