// The installable web app: the manifest and its icons, the service worker that
// precaches the shell and chunks (the app opens offline) but never API answers, and
// the "update available" prompt when a new build is out. lockerd sits behind a small
// proxy that can hand out a changed sw.js, which is what a new release looks like to
// a browser that has the old one.
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { launch, newPage, screenshot, startSignIn, viewports } from '../lib/browser.mjs';
import { freePort, startLockerd } from '../lib/lockerd.mjs';
import { loadedAndPainted } from '../lib/pages.mjs';

/** startProxy forwards to target; after newRelease() sw.js gains a line, i.e. a new build. */
async function startProxy(target) {
  let release = 1;
  const port = await freePort();
  const server = createServer((req, res) => {
    const up = request(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } }, (upRes) => {
      if (req.url === '/sw.js' && release > 1) {
        const chunks = [];
        upRes.on('data', (c) => chunks.push(c));
        upRes.on('end', () => {
          const body = Buffer.concat([Buffer.concat(chunks), Buffer.from(`\n// release ${release}\n`)]);
          res.writeHead(upRes.statusCode, { ...upRes.headers, 'content-length': body.length });
          res.end(body);
        });
        return;
      }
      res.writeHead(upRes.statusCode, upRes.headers);
      upRes.pipe(res);
    });
    req.pipe(up);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, newRelease: () => release++, stop: () => new Promise((r) => server.close(r)) };
}

const workerReady = (page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.scriptURL;
  });

const cachedURLs = (page) =>
  page.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });

describe('installable web app', () => {
  let server;
  let proxy;
  let browser;
  before(async () => {
    server = await startLockerd();
    proxy = await startProxy(server.url);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await proxy?.stop();
    await server?.stop();
  });

  it('has a manifest with a name, standalone display, the brand colour and icons that load', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/manifest+json');
    const manifest = await res.json();
    assert.equal(manifest.name, 'Lockers');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    assert.equal(manifest.theme_color, '#0f766e');
    assert.ok(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512'));
    for (const icon of manifest.icons) {
      const img = await fetch(`${server.url}${icon.src}`);
      assert.equal(img.status, 200, icon.src);
      assert.equal(img.headers.get('content-type'), 'image/png', icon.src);
    }
    const html = await (await fetch(`${server.url}/login`)).text();
    assert.match(html, /<link rel="manifest" href="\/manifest.webmanifest">/);
  });

  it('precaches the shell and chunks, never API answers, and opens offline', async () => {
    const page = await newPage(browser, proxy.url, { viewport: viewports.phone, serviceWorkers: 'allow' });
    try {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      // Loaded, painted and quiet: where the worker would have registered without waiting for an input.
      await loadedAndPainted(page);
      await page.settle();
      assert.equal(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())), false, 'no worker before the first input');
      await page.keyboard.press('Tab'); // the visitor starts: the worker registers
      assert.match(await workerReady(page), /\/sw\.js$/);
      // The app has called the API by now (system.info); the worker must not have kept it.
      const urls = await cachedURLs(page);
      assert.ok(urls.includes('/index.html'), 'the shell is precached');
      assert.ok(urls.filter((u) => u.startsWith('/assets/')).length > 20, 'the chunks are precached');
      assert.deepEqual(urls.filter((u) => /^\/(c-core|invoices|webhooks)\//.test(u)), [], 'no API answer is cached');

      await page.context().setOffline(true);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.context().setOffline(false);
    } finally {
      await page.closeAll();
    }
  });

  for (const [lang, texts] of Object.entries({
    en: { available: 'A new version of Lockers is ready.', apply: 'Reload' },
    et: { available: 'Lockersi uus versioon on valmis.', apply: 'Laadi uuesti' },
  })) {
    it(`offers a new build with a prompt (${lang}) and reloads into it`, async () => {
      const page = await newPage(browser, proxy.url, { viewport: viewports.phone, serviceWorkers: 'allow', storage: { language: lang } });
      try {
        await page.goto('/login');
        await page.keyboard.press('Tab'); // the worker registers at the first input
        const first = await workerReady(page);
        await page.reload();
        assert.equal(await page.evaluate(() => !!navigator.serviceWorker.controller), true, 'the worker controls the page');
        // This page's registration, which hears of a new build, waits for an input too,
        // and so does the prerendered sign-in screen's app.
        await page.keyboard.press('Tab');
        await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
        await workerReady(page);

        proxy.newRelease();
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        const prompt = page.getByRole('status').filter({ hasText: texts.available });
        await prompt.waitFor({ timeout: 15000 });
        await screenshot(page, `pwa-update-prompt-${lang}`);
        await page.setViewportSize(viewports.desktop);
        await screenshot(page, `pwa-update-prompt-${lang}-desktop`);

        const reloaded = page.waitForEvent('framenavigated', { timeout: 15000 });
        await prompt.getByRole('button', { name: texts.apply }).click();
        await reloaded;
        await page.getByRole('heading').first().waitFor();
        await startSignIn(page);
        await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), null, { timeout: 15000 });
        assert.equal(await page.getByRole('status').filter({ hasText: texts.available }).count(), 0);
        const after = await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return { waiting: !!reg?.waiting, active: reg?.active?.scriptURL };
        });
        assert.equal(after.waiting, false, 'the new build is active, none waits');
        assert.equal(after.active, first);
        assert.deepEqual(page.problems, []);
      } finally {
        await page.closeAll();
      }
    });
  }
});
