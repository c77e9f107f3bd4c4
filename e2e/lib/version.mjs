// The app version the tests' devices send: web/package.json's, the one source of
// the product's version (scripts/version.sh), which lockerd's MIN_APP_VERSION
// default follows too.
import { readFileSync } from 'node:fs';

export const appVersion = JSON.parse(readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8')).version;
