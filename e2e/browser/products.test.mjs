// Products (/products, issues 14 and 16): one station's lockers as a size ×
// temperature table with a drawn picture of each kind, its inside measures, the
// prices the server charges (VAT included) and how many lockers of the kind there
// are. The station is chosen at the top; the prices and counts asserted here are read
// from station.get, not written into the test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, viewports } from '../lib/browser.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { client } from '../lib/trpc.mjs';

const tartu = '11111111-1111-4111-8111-000000000003';

const stack = await stackForFile();
const { server, mailbox, browser } = stack;

const money = (cents, locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100);

const langs = {
  en: { locale: 'en-US', viewport: viewports.desktop, station: 'Station', day: '/ day', hour: '/ hour', cooled: 'Cooled', big: 'Big locker', total: (n) => `${n} locker${n === 1 ? '' : 's'}` },
  et: { locale: 'et-EE', viewport: viewports.phone, station: 'Jaam', day: '/ päev', hour: '/ tund', cooled: 'Jahutatud', big: 'Suur kapp', total: (n) => `${n} kapp${n === 1 ? '' : 'i'}` },
};

describe('products', () => {
  for (const [lang, l] of Object.entries(langs)) {
    it(`compares a chosen station's lockers with the server's prices (${lang})`, async () => {
      const { token } = await registerUser(server.url, mailbox, { language: lang });
      const { trpc } = client(`${server.url}/c-core/trpc/hybrid`, 'httpLink');
      const station = await trpc.station.get.query({ stationUuid: tartu });
      const page = await newPage(browser, server.url, { viewport: l.viewport, storage: { language: lang === 'et' ? 'et' : 'en-US', Bearer: token } });
      await page.goto('/products');
      await page.getByTestId('product-table').waitFor();
      await page.getByLabel(l.station).selectOption(tartu);
      await page.waitForURL(/\/products\?station=/);
      const table = page.getByTestId('product-table');
      await table.locator('caption', { hasText: 'Tartu Kaubamaja' }).waitFor({ state: 'attached' });
      // Columns are the temperatures, row groups the sizes.
      assert.match(await table.locator('thead th').first().textContent(), new RegExp(l.cooled));
      await table.locator('tbody th', { hasText: l.big }).waitFor();

      assert.equal(await table.locator('td[data-product]').count(), station.products.length);
      for (const p of station.products) {
        const cell = table.locator(`td[data-product="${p.height}/${p.type}/${p.temperature}"]`);
        const text = (await cell.textContent()).replace(/\s+/g, ' ');
        assert.ok(text.includes(`${money(p.dailyCents, l.locale)} ${l.day}`.replace(/\s+/g, ' ')), `${p.height}/${p.temperature} daily in "${text}"`);
        assert.ok(text.includes(`${money(p.hourlyCents, l.locale)} ${l.hour}`.replace(/\s+/g, ' ')), `${p.height}/${p.temperature} hourly in "${text}"`);
        const cm = (mm) => new Intl.NumberFormat(l.locale, { maximumFractionDigits: 1 }).format(mm / 10);
        assert.ok(text.includes(`${cm(p.dimensions.height)} × ${cm(p.dimensions.width)} × ${cm(p.dimensions.depth)} cm`), `dimensions in "${text}"`);
        // How many lockers of this kind the station has, next to how many are free.
        assert.ok(text.includes(l.total(p.total)), `total ${p.total} in "${text}"`);
        // The picture of this kind ships with the app.
        assert.equal(await cell.locator(`svg[data-picture="${p.height}/${p.temperature}"]`).count(), 1);
      }
      // A cell leads to booking that kind at the chosen station.
      const first = station.products[0];
      await table.locator(`td[data-product="${first.height}/${first.type}/${first.temperature}"] a`).click();
      await page.waitForURL(new RegExp(`/book/station/${tartu}/locker/${first.height}/${first.type}/${first.temperature}`));
      assert.deepEqual(page.problems, []);
      await page.closeAll();
    });
  }
});
