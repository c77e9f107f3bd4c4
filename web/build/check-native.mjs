// Checks the native apps' configuration (make native-check, part of make test): the
// resolved Capacitor config, the committed android/ and ios/ projects agree with it,
// every @capacitor/* package is on 7.x, and the native build in dist-native calls an
// absolute core URL and carries no service worker. `cap sync` runs after it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const web = new URL('..', import.meta.url).pathname;
const problems = [];
const check = (ok, what) => ok || problems.push(what);

const { app } = JSON.parse(execFileSync('npx', ['cap', 'config', '--json'], { cwd: web, encoding: 'utf8' }));
const cfg = app.extConfig;
check(/^[a-z][a-z0-9]*(\.[a-z][a-z0-9_]*){2,}$/.test(cfg.appId ?? ''), `appId ${cfg.appId} is not a reverse-domain id`);
check(cfg.appName === 'Lockers', `appName ${cfg.appName}, want Lockers`);
check(cfg.webDir === 'dist-native', `webDir ${cfg.webDir}, want dist-native (npm run build:native)`);
check(!cfg.server?.url, 'server.url would load the app from a host instead of the bundle');

const pkg = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8'));
for (const [name, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
  if (!name.startsWith('@capacitor/')) continue;
  check(/^[\^~]?7\./.test(range), `${name} is ${range} in package.json, want 7.x`);
  const installed = join(web, 'node_modules', name, 'package.json');
  check(existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version.startsWith('7.'), `${name} installed is not 7.x`);
}

const gradle = readFileSync(join(web, 'android/app/build.gradle'), 'utf8');
check(gradle.includes(`applicationId "${cfg.appId}"`), 'android/app/build.gradle has another applicationId');
const strings = readFileSync(join(web, 'android/app/src/main/res/values/strings.xml'), 'utf8');
check(strings.includes(`<string name="app_name">${cfg.appName}</string>`), 'android app_name differs');
const pbx = readFileSync(join(web, 'ios/App/App.xcodeproj/project.pbxproj'), 'utf8');
check(pbx.includes(`PRODUCT_BUNDLE_IDENTIFIER = ${cfg.appId};`), 'the iOS bundle id differs');
check(existsSync(join(web, 'android/app/src/main/res/mipmap-xxxhdpi/ic_launcher.png')), 'no Android launcher icon (npm run icons)');
check(existsSync(join(web, 'ios/App/App/Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png')), 'no iOS app icon (npm run icons)');

const dist = join(web, 'dist-native');
if (check(existsSync(join(dist, 'index.html')), 'dist-native/index.html missing (npm run build:native)') === true) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  check(!html.includes('manifest.webmanifest'), 'the native build links the web manifest');
  check(!existsSync(join(dist, 'sw.js')), 'the native build has a service worker');
  const js = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dist, 'assets', f), 'utf8')).join('\n');
  const core = process.env.VITE_CORE_URL;
  check(!!core && js.includes(core.replace(/\/+$/, '')), `the native build does not carry its core URL ${core ?? '(set VITE_CORE_URL)'}`);
  check(!js.includes('serviceWorker.register'), 'the native build registers a service worker');
}

if (problems.length) {
  console.error(`native config: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`native config: ${cfg.appId} "${cfg.appName}", Capacitor 7, android/ and ios/ agree, dist-native calls an absolute core URL`);
