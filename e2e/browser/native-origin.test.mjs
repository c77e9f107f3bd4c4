// The native build (npm run build:native; `make native-check` builds it into
// web/dist-native) as the Capacitor shell runs it: from an origin of its own, calling
// lockerd at its absolute core URL with credentials. A small static server plays the
// WebView's origin on a second port; lockerd allows it through CORS_ORIGINS. A new
// user signs in on the app's form and books a locker through flow 1, every API call
// crossing origins; a paying user pays by the one-time link in the demo provider's
// page, which the native build opens outside the app (the in-app browser; in a plain
// browser Capacitor's web fallback opens a new window).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch, newPage, screenshot, viewports } from '../lib/browser.mjs';
import { waitForPath } from '../lib/forms.mjs';
import { registerUser } from '../lib/accounts.mjs';
import { freePort, startLockerd } from '../lib/lockerd.mjs';
import { startMailbox } from '../lib/mailbox.mjs';
import { client } from '../lib/trpc.mjs';
import { orderWhen, payingUser, viru as station } from '../lib/booking.mjs';
import { assertClean } from '../lib/pages.mjs';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist-native');
// The core URL the Makefile builds the test bundle with; this server swaps in the real
// lockerd's, as a release build has its real host (Makefile: NATIVE_CORE_URL).
const builtCore = process.env.NATIVE_CORE_URL ?? 'http://core.test.invalid/c-core';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** serveNative serves dist-native on port, index.html for client routes. */
async function serveNative(core, port) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    let file = join(dist, path);
    if (!file.startsWith(dist) || !existsSync(file) || path === '/') file = join(dist, 'index.html');
    let body = await readFile(file);
    if (extname(file) === '.js') body = Buffer.from(body.toString('utf8').replaceAll(builtCore, core));
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

describe('native build across origins (en, phone)', () => {
  let server;
  let mailbox;
  let app;
  let browser;
  before(async () => {
    // `make test-browser` builds it first (native-check); run alone, the file says what is missing.
    assert.ok(existsSync(join(dist, 'index.html')), 'web/dist-native/index.html is missing: run `make native-check` first');
    const appPort = await freePort();
    mailbox = await startMailbox();
    server = await startLockerd({
      env: { SMTP_URL: mailbox.smtpURL, MAIL_FROM: 'Lockers <no-reply@lockers.test>', CORS_ORIGINS: `http://127.0.0.1:${appPort}` },
    });
    app = await serveNative(`${server.url}/c-core`, appPort);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await server?.stop();
    await mailbox?.stop();
  });

  it('signs in and books a locker, every API call going to the core host with CORS', async () => {
    const user = await registerUser(server.url, mailbox);
    const page = await newPage(browser, app.url, { viewport: viewports.phone });
    const api = [];
    page.on('response', (res) => {
      const u = new URL(res.url());
      if (u.pathname.includes('/trpc/')) api.push({ origin: u.origin, cors: res.headers()['access-control-allow-origin'] });
    });
    try {
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(page, '/');
      await screenshot(page, 'native-origin-home');

      await page.locator('[data-testid="home-book"]').click();
      await page.waitForURL('**/book/station');
      await page.locator(`li [data-station="${station}"] a`).first().click();
      await page.waitForURL(`**/book/station/${station}`);
      await page.locator('a[data-product]').first().click();
      await page.waitForURL('**/timeframe');
      await page.getByRole('button', { name: 'Tomorrow', exact: true }).click();
      await page.locator('[data-testid="timeframe-price"]').waitFor();
      await page.getByRole('button', { name: 'Reserve this locker' }).click();
      await page.waitForURL(/\/book\/[0-9a-f-]{36}$/);
      const orderUuid = page.url().split('/').at(-1);
      await page.getByLabel('I accept the terms of use').check();
      await page.getByRole('button', { name: 'Confirm free booking' }).click();
      await page.waitForURL(`**/book/${orderUuid}/done`);
      await page.getByText('Your locker is booked!').waitFor();
      assert.match(await page.locator('[data-testid="delivery-code"]').textContent(), /^\d{4,}$/);
      await screenshot(page, 'native-origin-booked');

      assert.ok(api.length > 5, `API calls seen: ${api.length}`);
      assert.deepEqual(
        api.filter((c) => c.origin !== server.url || c.cors !== app.url),
        [],
        'every API call went to lockerd and was allowed for the app origin',
      );
      assertClean(page, 'native origin');
    } finally {
      await page.closeAll();
    }
  });

  it('pays by the one-time link in the provider page opened outside the app; the app then shows the order booked', async () => {
    // The "first 3 free" pack is spent, so the next order costs money.
    const user = await payingUser(server.url, mailbox);
    const api = client(`${server.url}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${user.token}` } }).trpc;
    const page = await newPage(browser, app.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto(`/book/station/${station}`);
      await page.locator('a[data-product]').first().click();
      await page.waitForURL('**/timeframe');
      await page.getByRole('button', { name: 'Tomorrow', exact: true }).click();
      await page.getByRole('button', { name: 'Reserve this locker' }).click();
      await page.waitForURL(/\/book\/[0-9a-f-]{36}$/);
      const orderUuid = page.url().split('/').at(-1);
      await page.getByLabel('I accept the terms of use').check();
      await page.getByRole('button', { name: /^Confirm and pay / }).click();
      await page.waitForURL(`**/book/${orderUuid}/method`);

      const provider = page.context().waitForEvent('page');
      await page.getByRole('link', { name: /^Pay .+ once via a link$/ }).click();
      const checkout = await provider;
      await checkout.waitForURL('**/demo-pay/checkout/**');
      assert.equal(new URL(checkout.url()).origin, server.url, 'the provider page is outside the app');
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await checkout.waitForURL('**/callback/order-payment/**', { timeout: 20000 });
      await checkout.close();

      const order = await orderWhen(api, orderUuid, (o) => o.payment.state === 'paid', 'the order paid');
      assert.equal(order.status, 'booked');
      assert.equal(order.payment.state, 'paid');

      // Back in the app (the user closed the in-app browser): the order is booked, with codes.
      await page.goto(`/book/${orderUuid}/done`);
      await page.getByText('Your locker is booked!').waitFor();
      await page.locator('[data-testid="delivery-code"]').waitFor();
      await screenshot(page, 'native-origin-paid');
      assertClean(page, 'native origin');
    } finally {
      await page.closeAll();
    }
  });
});
