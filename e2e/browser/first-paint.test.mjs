// What index.html shows before the app's scripts run: the prerendered sign-in screen
// for a visitor headed for it (in the stored language), else the app shell. The
// entry script is held back here, as on a slow network, to look at that state.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launch, newPage, screenshot, viewports } from '../lib/browser.mjs';
import { startLockerd } from '../lib/lockerd.mjs';

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

  it('shows the sign-in form from HTML, keeps what was typed, and does not submit it early', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { language: 'et' } });
    try {
      const release = await holdEntry(page);
      await page.gotoRaw('/login', { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Logi sisse' }).waitFor();
      assert.equal(await page.locator('#root').getAttribute('data-prerendered'), 'sign-in-et');
      assert.equal(await page.locator('html').getAttribute('lang'), 'et');
      await page.getByLabel('E-post').fill('mari@example.com');
      await page.getByLabel('E-post').press('Enter'); // must not send the form anywhere
      await screenshot(page, 'first-paint-sign-in-et');
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/login');

      release();
      await appTookOver(page);
      assert.equal(await page.getByLabel('E-post').inputValue(), 'mari@example.com');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
      assert.equal(await page.getByRole('heading', { name: 'Logi sisse' }).count(), 1);
      assert.deepEqual(page.problems, [], 'no CSP or script errors');
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
  it('loads the router only at the first input', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      const late = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (/\/assets\/router-[^/]+\.js$/.test(path)) late.push(path);
      });
      await page.goto('/login');
      await appTookOver(page);
      await page.waitForTimeout(1000);
      assert.deepEqual(late, [], 'no router before the first input');

      const loaded = page.waitForRequest(/\/assets\/router-[^/]+\.js$/);
      await page.keyboard.press('Tab');
      await loaded;
      await page.getByRole('link', { name: 'Create an account' }).first().click();
      await page.getByRole('heading', { name: 'Create an account' }).first().waitFor();
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('follows Back and Forward off the sign-in screen before any input', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      await page.goto('/login');
      await appTookOver(page);
      // An entry of this document (as a link to a fragment makes), then Back and Forward: no input to the page.
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
