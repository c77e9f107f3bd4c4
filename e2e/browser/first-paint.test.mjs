// What index.html shows before the app's scripts run: the prerendered sign-in screen
// for a visitor headed for it (in the stored language), else the app shell. The
// sign-in screen is a plain form whose app starts at the visitor's first input
// (src/boot/first-screen.ts); the entry script is held back here, as on a slow
// network, to look at that state.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launch, newPage, screenshot, viewports } from '../lib/browser.mjs';
import { startLockerd } from '../lib/lockerd.mjs';
import { loadedAndPainted } from '../lib/pages.mjs';

/** holdEntry delays the app's entry script until the returned release() is called. */
async function holdEntry(page) {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const appTookOver = (page) =>
  page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), null, { timeout: 15000 });

describe('first paint', () => {
  let server;
  let browser;
  before(async () => {
    server = await startLockerd();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the sign-in form from HTML, takes typing before any script, and keeps what was typed', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { language: 'et' } });
    try {
      const scripts = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      const release = await holdEntry(page);
      await page.gotoRaw('/login', { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Logi sisse' }).waitFor();
      assert.equal(await page.locator('#root').getAttribute('data-prerendered'), 'sign-in-et');
      assert.equal(await page.locator('html').getAttribute('lang'), 'et');
      assert.deepEqual(scripts, [], 'no script before the first input');
      // The page's own styles paint the form: no stylesheet is fetched before the first input.
      const styles = () =>
        page.evaluate(() => ({
          sheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('data-app-styles')),
          inline: document.querySelectorAll('head style').length,
          submit: getComputedStyle(document.querySelector('#root form button[type="submit"]')).backgroundColor,
        }));
      const before = await styles();
      assert.deepEqual(before.sheets, [], 'no stylesheet before the first input');
      assert.equal(before.inline, 1);
      assert.match(before.submit, /^oklch\(0\.5 0\.1 185\)$/, 'the submit button has the primary colour');
      await page.getByLabel('E-post').fill('mari@example.com');
      await screenshot(page, 'first-paint-sign-in-et');
      assert.ok(scripts.some((s) => /^\/assets\/sign-in-screen-[^/]+\.js$/.test(s)), 'the first input asks for the app');

      release();
      await appTookOver(page);
      assert.equal(await page.getByLabel('E-post').inputValue(), 'mari@example.com');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
      assert.equal(await page.getByRole('heading', { name: 'Logi sisse' }).count(), 1);
      const after = await styles();
      assert.deepEqual(after.sheets, ['load'], 'the whole stylesheet, loaded before the app rendered');
      assert.equal(after.submit, before.submit);
      assert.deepEqual(page.problems, [], 'no CSP or script errors');
    } finally {
      await page.closeAll();
    }
  });

  it('keeps what is typed while the app takes over', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      const release = await holdEntry(page);
      await page.gotoRaw('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('E-mail').click();
      await page.keyboard.type('mari@');
      release();
      // Key by key, as a person goes on typing: the swap to the live form comes somewhere in between.
      await page.keyboard.type('example.com', { delay: 40 });
      await page.keyboard.press('Tab');
      await page.keyboard.type('secret-pass', { delay: 40 });
      await appTookOver(page);
      assert.equal(await page.getByLabel('E-mail').inputValue(), 'mari@example.com');
      assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), 'secret-pass');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('carries out a sign-in submitted before the app ran, without putting it in the URL', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      const logins = [];
      page.on('request', (r) => r.url().includes('auth.login') && logins.push(r.method()));
      const release = await holdEntry(page);
      await page.gotoRaw('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('E-mail').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('wrong-pass');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/login');
      assert.deepEqual(logins, [], 'nothing is sent before the app runs');

      release();
      await page.getByText('The e-mail or the password is wrong.').waitFor();
      assert.deepEqual(logins, ['POST'], 'sent once, by the app');
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/login');
      assert.equal(await page.getByLabel('E-mail').inputValue(), 'nobody@example.com');
    } finally {
      await page.closeAll();
    }
  });

  it('carries out a click on the language switch made before the app ran', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      const release = await holdEntry(page);
      await page.gotoRaw('/login', { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'ET Eesti' }).click();
      release();
      await page.getByRole('heading', { name: 'Logi sisse' }).waitFor();
      await appTookOver(page);
      assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'et');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('shows the sign-in form on a signed-in route without a session, then lands on /login', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      const release = await holdEntry(page);
      await page.gotoRaw('/', { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      assert.equal(await page.locator('#root').getAttribute('data-prerendered'), 'sign-in-en-US');
      release();
      await page.waitForURL((u) => u.pathname === '/login');
      await page.keyboard.press('Tab'); // the first input starts the app
      await appTookOver(page);
      assert.equal(await page.evaluate(() => localStorage.getItem('pre_login_url')), '/');
      assert.equal(await page.getByRole('heading', { name: 'Sign in' }).count(), 1);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('shows the app shell, not the sign-in form, when a session is stored', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: 'not-a-live-token' } });
    try {
      const release = await holdEntry(page);
      await page.gotoRaw('/', { waitUntil: 'domcontentloaded' });
      await page.locator('#root[data-prerendered="app-shell"]').waitFor();
      assert.equal(await page.getByRole('heading').count(), 0);
      assert.equal(await page.locator('#root').innerText(), 'Lockers');
      release();
      // The stored token opens no session: the app signs the visitor out.
      await page.waitForURL((u) => u.pathname === '/login');
      await appTookOver(page);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    } finally {
      await page.closeAll();
    }
  });
  it('loads no script before the first input, then the app and the router', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      const scripts = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      await page.gotoRaw('/login');
      // Loaded, painted and quiet: where any other screen has asked for the app already.
      await loadedAndPainted(page);
      await page.settle();
      assert.deepEqual(scripts, [], 'no script before the first input');

      const loaded = page.waitForRequest(/\/assets\/router-[^/]+\.js$/);
      await page.keyboard.press('Tab');
      await appTookOver(page);
      await loaded;
      await page.getByRole('link', { name: 'Create an account' }).first().click();
      await page.getByRole('heading', { name: 'Create an account' }).first().waitFor();
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('loads the router only at the first input once the app runs', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      const late = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (/\/assets\/router-[^/]+\.js$/.test(path)) late.push(path);
      });
      await page.goto('/login'); // started as Back and Forward would: no input yet
      // The app runs and its start-up requests are done: a router it loads eagerly would be among them.
      await loadedAndPainted(page);
      await page.settle();
      assert.deepEqual(late, [], 'no router before the first input');
      const loaded = page.waitForRequest(/\/assets\/router-[^/]+\.js$/);
      await page.keyboard.press('Tab');
      await loaded;
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('follows Back and Forward off the sign-in screen before any input', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      await page.gotoRaw('/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      // An entry of this document (as a link to a fragment makes), then Back and Forward: no input
      // to the page, but they start the app.
      await page.evaluate(() => {
        history.pushState(null, '', '/register');
        history.back();
      });
      await page.waitForURL((u) => u.pathname === '/login');
      await page.goForward();
      await page.waitForURL((u) => u.pathname === '/register');
      await page.getByRole('heading', { name: 'Create an account' }).first().waitFor();
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('leaves the sign-in screen once the connection is back, when the router could not load at first', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      // The router's chunk fails when the visitor starts, as on a station's flaky network.
      let offline = true;
      await page.route(/\/assets\/router-[^/]+\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      const failed = page.waitForEvent('requestfailed', (r) => /\/assets\/router-/.test(r.url()));
      await page.getByLabel('E-mail').press('a'); // the first input: the router's first attempt
      await failed;
      offline = false;
      page.problems.length = 0;
      await page.getByRole('link', { name: 'Create an account' }).first().click();
      await page.waitForURL(/\/register$/, { timeout: 10000 });
      await page.getByRole('heading', { name: 'Create an account' }).first().waitFor();
    } finally {
      await page.closeAll();
    }
  });
});
