// playwright-core driving Debian's chromium (never a downloaded browser), plus the
// watchers every journey uses: console errors, uncaught page errors and failed
// requests are collected per page so a test can assert that a screen loaded cleanly.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { now, shifted } from './dates.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const artifacts = join(root, 'artifacts');

/** The flags this machine kind needs: no sandbox as root, no background traffic to a closed network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
};

// Debian's headless shell (package chromium-headless-shell, built from the same chromium source) is what
// Playwright itself runs for headless tests: the same Blink and V8 without the full browser around them, and
// about a third less CPU per browser file than `chromium --headless` (docs/decisions/091-test-lanes.md). Lighthouse
// keeps the full browser (bench/lighthouse.mjs): it measures what a visitor's browser does.
const headlessShell = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROME_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
if (!process.env.CHROME_PATH && browserPath !== headlessShell) {
  console.error(`e2e: ${headlessShell} is missing (apt-get install chromium-headless-shell); using ${browserPath}`);
}

/** launch starts Debian's chromium headless shell, or the browser CHROME_PATH names. */
export function launch() {
  return chromium.launch({
    executablePath: browserPath,
    headless: true,
    args: chromiumArgs,
  });
}

/**
 * newPage opens a fresh context (its own storage) and a page whose problems are
 * collected in page.problems: console errors, page errors, failed requests and HTTP
 * error answers. storage is written to localStorage before any app script runs.
 * The PWA's service worker is blocked unless serviceWorkers is 'allow' (pwa.test.mjs):
 * a journey then always talks to lockerd, and page.route sees every request.
 * locale is the browser's language (navigator.languages), which a first visit follows.
 */
export async function newPage(browser, baseURL, { viewport = viewports.desktop, storage = {}, serviceWorkers = 'block', locale = 'en-US', timezoneId } = {}) {
  // Reduced motion: spinners and skeletons stand still (the app honours the setting), so a page that waits
  // does not paint frames all the while; on two CPUs shared with lockerd that is most of the browser's work.
  // timezoneId: the device's clock (undefined: the machine's), for screens that must not follow it.
  const context = await browser.newContext({ baseURL, viewport, locale, serviceWorkers, reducedMotion: 'reduce', timezoneId });
  if (Object.keys(storage).length > 0) {
    await context.addInitScript((entries) => {
      // Only on the first document of the context, so that a test can see what the app
      // itself later writes (for example pre_login_url) without this script undoing it.
      if (sessionStorage.getItem('__e2e_seeded')) return;
      sessionStorage.setItem('__e2e_seeded', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, storage);
  }
  // On a shifted clock (LOCKERS_TEST_NOW) the page's Date runs from the tests' now, as lockerd's clock does.
  if (shifted()) await context.clock.install({ time: now() });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? 'failed';
    // A navigation that replaces the page cancels its pending requests; that is not a fault.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.method()} ${req.url()} (${reason})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  page.problems = problems;
  const traffic = trackRequests(page);
  page.settle = (options) => settle(traffic, options);
  page.closeAll = () => context.close();
  // index.html paints a prerendered screen before the app runs (the sign-in form, or
  // the shell); a journey acts once the app has taken over, as a person would after
  // the page came alive. The sign-in form's app starts at the visitor's first input or
  // at Back and Forward (src/boot/first-screen.ts): here a popstate starts it without
  // counting as an input, so a journey finds the app as it was before any input (the
  // router, the service worker and Sentry still wait for one). first-paint.test.mjs
  // covers the screen before that.
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await startSignIn(page);
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), null, { timeout: 15000 });
    return res;
  };
  page.gotoRaw = goto;
  page.navigate = (path) => navigateInApp(page, path);
  return page;
}

/**
 * startSignIn starts the app of a prerendered sign-in screen, which waits for the
 * visitor's first input, as Back or Forward would: without counting as an input.
 */
export async function startSignIn(page) {
  await page.evaluate(() => {
    if (document.getElementById('root')?.getAttribute('data-prerendered')?.startsWith('sign-in-')) {
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }
  });
}

/** trackRequests follows the page's requests: those that have neither finished nor failed, and when one last began or ended. */
function trackRequests(page) {
  const traffic = { inFlight: new Set(), lastChange: Date.now() };
  const change = (req, pending) => {
    if (pending) traffic.inFlight.add(req);
    else traffic.inFlight.delete(req);
    traffic.lastChange = Date.now();
  };
  page.on('request', (req) => change(req, true));
  page.on('requestfinished', (req) => change(req, false));
  page.on('requestfailed', (req) => change(req, false));
  return traffic;
}

/**
 * settle waits until no request of the page has begun, ended or been in flight for quietMs: what Playwright's
 * 'networkidle' waits for, with a shorter quiet time than its fixed 500 ms. A screen whose data has arrived is
 * idle well within it, and the tests that load many routes spent most of their time in that half-second
 * (docs/decisions/091-test-lanes.md). A request still pending after timeoutMs fails the wait, naming it.
 */
async function settle(traffic, { quietMs = 200, timeoutMs = 15000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (traffic.inFlight.size > 0 || Date.now() - traffic.lastChange < quietMs) {
    if (Date.now() > deadline) {
      const pending = [...traffic.inFlight].map((r) => `${r.method()} ${r.url()}`).join(', ');
      throw new Error(`the page did not settle in ${timeoutMs} ms: ${pending || 'requests kept starting'}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * navigateInApp moves the running app to path the way its router moves on back and
 * forward (pushState, then popstate), without loading the document again: for a
 * test that visits many routes for what they render (axe), where a fresh load of
 * the app per route would only repeat what the route tests check. The route may
 * redirect; the caller waits for what the new screen shows (and for the network).
 */
async function navigateInApp(page, path) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/**
 * screenshot saves a PNG into e2e/artifacts/ (gitignored) for a human to look at. CI keeps no artifacts, so
 * there (CI set) only the shots a failure takes (always) are made: a full-page shot costs the browser about
 * 0.17 CPU-seconds, some 16 of a `make test` run (docs/decisions/092-browser-tests.md).
 */
export async function screenshot(page, name, { always = false } = {}) {
  if (process.env.CI && !always) return;
  await mkdir(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}
