// The station map of /book/station (issue 14): Leaflet draws tiles from the URL the
// server is configured with (MAP_TILE_URL, passed to the app by system.info), here
// a tile server of the test's own; the pins carry each station's free count as the
// server reports it; "Nearest first" orders the list by the browser's location when
// the user allows it; and when tiles cannot be loaded the schematic map stands in.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { freePort, startLockerd } from '../lib/lockerd.mjs';
import { launch, newPage, screenshot, viewports } from '../lib/browser.mjs';
import { startMailbox } from '../lib/mailbox.mjs';
import { startTiles } from '../lib/tiles.mjs';
import { client } from '../lib/trpc.mjs';

let tiles;
let mailbox;
let server;
let browser;
let token;
let tokenEt; // the account's language decides the screen's

before(async () => {
  tiles = await startTiles();
  mailbox = await startMailbox();
  server = await startLockerd({ env: { ...mail(), MAP_TILE_URL: tiles.template, MAP_ATTRIBUTION: 'Test tiles <b>©</b>' } });
  token = (await registerUser(server.url, mailbox)).token;
  tokenEt = (await registerUser(server.url, mailbox, { language: 'et' })).token;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
  await tiles?.stop();
});

const mail = () => ({ SMTP_URL: mailbox.smtpURL, MAIL_FROM: 'Lockers <no-reply@lockers.test>' });

/** freeNow is what the server says is free now per station, all kinds together. */
async function freeNow(url) {
  const { trpc } = client(`${url}/c-core/trpc/hybrid`, 'httpLink');
  const list = await trpc.station.list.query();
  return new Map(list.map((s) => [s.uuid, s.products.reduce((n, p) => n + p.freeNow, 0)]));
}

describe('station map', () => {
  it('draws locally served tiles, bundles Leaflet, and pins each station with its free count', async () => {
    const want = await freeNow(server.url);
    assert.equal(want.size, 3);
    const page = await newPage(browser, server.url, { viewport: viewports.desktop, storage: { language: 'en-US', Bearer: token } });
    const hosts = new Set();
    page.on('request', (req) => hosts.add(new URL(req.url()).host));
    await page.goto('/book/station');
    const map = page.getByRole('region', { name: 'Map of the stations' });
    await map.waitFor();
    await page.locator('img.leaflet-tile-loaded').first().waitFor();
    assert.ok(tiles.requests.some((r) => /^\/\d+\/\d+\/\d+\.png$/.test(r)), `tiles asked for: ${tiles.requests}`);

    const pins = page.locator('[data-station-pin]');
    await pins.first().waitFor();
    assert.equal(await pins.count(), 3);
    for (const [uuid, free] of want) {
      const pin = page.locator(`[data-station-pin="${uuid}"]`);
      assert.equal(await pin.textContent(), String(free), `pin of ${uuid}`);
    }
    // Each pin is named for screen readers with the station and its count.
    await page.getByRole('button', { name: `Viru Keskus: ${want.get('11111111-1111-4111-8111-000000000001')} lockers free now` }).waitFor();
    // The attribution is the configured text, shown as text (never as HTML).
    assert.match(await page.locator('.leaflet-control-attribution').textContent(), /Test tiles <b>©<\/b>/);
    // Leaflet's stylesheet is the bundled one: the container is styled, and every
    // request went to lockerd or the tile server, none to a CDN.
    assert.equal(await page.locator('.leaflet-container').evaluate((el) => getComputedStyle(el).overflow), 'hidden');
    const tileHost = new URL(tiles.template.replace(/\{.\}/g, '0')).host;
    assert.deepEqual([...hosts].filter((h) => h !== new URL(server.url).host && h !== tileHost), []);
    assert.equal(await page.getByTestId('schematic-map').count(), 0);

    // A pin leads to its station.
    await page.locator('[data-station-pin="11111111-1111-4111-8111-000000000003"]').click();
    await page.waitForURL(/\/book\/station\/11111111-1111-4111-8111-000000000003$/);
    await page.locator('section[data-page]').getByText('Tartu Kaubamaja').first().waitFor();
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });

  it('orders the stations nearest first with the location the user allows', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { language: 'et', Bearer: tokenEt } });
    await page.context().grantPermissions(['geolocation'], { origin: server.url });
    await page.context().setGeolocation({ latitude: 58.3806, longitude: 26.7251 }); // Tartu
    await page.goto('/book/station');
    const names = () => page.locator('[data-station] a').first().textContent();
    assert.equal(await names(), 'Viru Keskus');
    await page.getByRole('button', { name: 'Lähimad eespool' }).click();
    await page.getByText('Järjestatud kauguse järgi sinust').waitFor();
    assert.equal(await names(), 'Tartu Kaubamaja');
    assert.equal(await page.getByRole('button', { name: 'Lähimad eespool' }).getAttribute('aria-pressed'), 'true');
    // The distance is said in Estonian, with a decimal comma past a kilometre.
    assert.match(await page.locator('[data-station]').first().locator('[data-distance]').textContent(), /^\d+ m kaugusel$|^\d+(,\d)? km kaugusel$/);
    assert.match(await page.locator('[data-station]').nth(1).locator('[data-distance]').textContent(), /^\d+ km kaugusel$/);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });

  it('keeps the usual order and says why when the location is refused', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { language: 'en-US', Bearer: token } });
    await page.goto('/book/station');
    await page.getByRole('button', { name: 'Nearest first' }).click();
    await page.getByText('Your location is not shared').waitFor();
    assert.equal(await page.locator('[data-station] a').first().textContent(), 'Viru Keskus');
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });

  // Issue 14: an empty list says what to do next and offers it.
  for (const [lang, l] of Object.entries({
    en: { storage: 'en-US', search: 'Search stations', none: 'No station matches “Narva”. Check the spelling or search by city.', all: 'Show all stations' },
    et: { storage: 'et', search: 'Otsi jaamu', none: 'Päringule „Narva” ei vasta ükski jaam. Kontrolli kirjapilti või otsi linna järgi.', all: 'Näita kõiki jaamu' },
  })) {
    it(`says so when no station matches the search and shows them all again (${lang})`, async () => {
      const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { language: l.storage, Bearer: lang === 'et' ? tokenEt : token } });
      await page.goto('/book/station');
      await page.locator('[data-station]').first().waitFor();
      const all = await page.locator('[data-station]').count();
      await page.getByRole('searchbox', { name: l.search }).fill('Narva');
      await page.getByText(l.none).waitFor();
      assert.equal(await page.locator('[data-station]').count(), 0);
      await screenshot(page, `stations-none-phone-${lang}`);
      await page.getByRole('button', { name: l.all }).click();
      await page.locator('[data-station]').nth(all - 1).waitFor();
      assert.equal(await page.locator('[data-station]').count(), all);
      assert.equal(await page.getByRole('searchbox', { name: l.search }).inputValue(), '');
      assert.deepEqual(page.problems, []);
      await page.closeAll();
    });
  }
});

describe('station map without tiles', () => {
  it('shows the schematic map with its note when the tile URL cannot be reached', async () => {
    const closed = await freePort(); // nothing listens there
    const down = await startLockerd({ env: { ...mail(), MAP_TILE_URL: `http://127.0.0.1:${closed}/{z}/{x}/{y}.png` } });
    try {
      const want = await freeNow(down.url);
      const { token: downToken } = await registerUser(down.url, mailbox, { language: 'et' });
      const page = await newPage(browser, down.url, { viewport: viewports.desktop, storage: { language: 'et', Bearer: downToken } });
      await page.goto('/book/station');
      const sketch = page.getByTestId('schematic-map');
      await sketch.waitFor();
      await sketch.getByText('Kaarti ei õnnestunud laadida').waitFor();
      assert.equal(await page.getByTestId('tile-map').count(), 0);
      // The sketch keeps a link per station, named with its free count.
      const viru = want.get('11111111-1111-4111-8111-000000000001');
      await sketch.getByRole('link', { name: `Viru Keskus: praegu ${viru} vaba kappi` }).click();
      await page.waitForURL(/\/book\/station\/11111111-1111-4111-8111-000000000001$/);
      // The only faults are the refused tile requests themselves.
      assert.deepEqual(page.problems.filter((p) => !p.includes(`127.0.0.1:${closed}/`) && !p.includes('net::ERR_CONNECTION_REFUSED')), []);
      await page.closeAll();
    } finally {
      await down.stop();
    }
  });
});
