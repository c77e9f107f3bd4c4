// Layouts hold for the longest values the server accepts (issue 46), on a 320 px phone
// and a 1280 px desktop, in English and Estonian: every form a person types into is
// filled past its limit without a space, and takes the limit: a first and last name of
// 100 characters, a 200-odd character e-mail address, the help search, a problem
// report, a cancellation's reason, the reason for deleting the account, and in the back
// office a station's name, address, city and opening hours. The forms say when a limit
// is reached; the server refuses one character more with the catalogue's BAD_INPUT and
// changes nothing; no screen that shows the values scrolls sideways and every control
// stays on the screen. At 390 px the day list's "3 free" is shown whole.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { device, registerUser } from '../lib/accounts.mjs';
import { bookDay, orderWhen, viru } from '../lib/booking.mjs';
import { grantRole } from '../lib/lockerd.mjs';
import { screenshot } from '../lib/browser.mjs';
import { assertClean, open } from '../lib/pages.mjs';
import { until } from '../lib/wait.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { client } from '../lib/trpc.mjs';

const nameMax = 100; // account.MaxNameRunes, web/src/lib/field-limits.ts

const ulemiste = '11111111-1111-4111-8111-000000000002'; // the station the back office renames (demo data)
// The longest station the back office takes (station.MaxStation*Runes, web/src/lib/field-limits.ts).
const stationMax = { name: 200, address: 300, city: 100, openingHours: 300 };

const texts = {
  en: {
    firstName: 'First name', save: 'Save', atMost: 'At most 100 characters.', choose: 'Choose a station',
    report: 'Report a problem', reported: 'Thank you! Your report has been sent.', cancel: 'Cancel order',
  },
  et: {
    firstName: 'Eesnimi', save: 'Salvesta', atMost: 'Kõige rohkem 100 tähemärki.', choose: 'Vali jaam',
    report: 'Teata probleemist', reported: 'Aitäh! Sinu teade on saadetud.', cancel: 'Tühista tellimus',
  },
};

const stack = await stackForFile();
const { server, mailbox, browser } = stack;
const adminApi = (token) => client(`${server.url}/c-core/trpc/admin`, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;
const operator = await registerUser(server.url, mailbox);
grantRole(server, operator.email, 'ADMIN');

/** fill types value into field and asserts that the field kept its first max characters. */
async function fill(field, value, max, what) {
  await field.fill(value);
  assert.equal((await field.inputValue()).length, max, `${what} takes ${max} characters`);
}

/** fits asserts that the page does not scroll sideways and that each locator is on the screen, whole. */
async function fits(page, where, locators) {
  const { scroll, inner, widest } = await page.evaluate(() => {
    // The deepest element reaching furthest past the window: what to fix when the page is too wide.
    let widest = '';
    let right = window.innerWidth;
    // An element in a box that scrolls sideways of its own (a row of tabs) does not widen the page.
    const inScroller = (el) => {
      for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect().right;
      if (inScroller(el)) continue;
      if (r > right + 0.5 || (widest && r >= right - 0.5 && r > window.innerWidth + 0.5)) {
        right = r;
        widest = `<${el.tagName.toLowerCase()} class="${el.className}"> ending at ${Math.round(r)} px`;
      }
    }
    return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, widest };
  });
  if (scroll > inner) await screenshot(page, `long-values-too-wide-${where.replace(/\W+/g, '-')}`);
  assert.ok(scroll <= inner, `${where}: the page is ${scroll} px wide in a ${inner} px window (${widest})`);
  for (const [name, locator] of locators) {
    const box = await locator.boundingBox();
    assert.ok(box && box.width > 0 && box.height > 0, `${where}: ${name} is not shown`);
    assert.ok(box.x >= 0 && box.x + box.width <= inner + 0.5, `${where}: ${name} leaves the screen (${JSON.stringify(box)})`);
  }
}

for (const lang of ['en', 'et']) {
  const tx = texts[lang];
  for (const viewport of [{ width: 320, height: 700 }, { width: 1280, height: 900 }]) {
    const phone = viewport.width < 768;
    describe(`the longest accepted values (${lang}, ${viewport.width} px)`, () => {
      it('the name form takes the limit and says it; the server refuses more; every screen fits', async () => {
        const longEmail = `${'e'.repeat(60)}${process.pid}${Date.now()}${viewport.width}@${'d'.repeat(60)}.${'m'.repeat(60)}.example.com`;
        const user = await registerUser(server.url, mailbox, { language: lang, email: longEmail });
        const api = stack.api(user.token);
        // One character more than the limit is refused with the catalogue's code, and nothing changes.
        await assert.rejects(api.auth.update.mutate({ firstName: 'X'.repeat(nameMax + 1) }), (err) => {
          assert.equal(err.data?.appCode ?? err.shape?.data?.appCode ?? err.data?.code, 'BAD_INPUT', JSON.stringify(err.shape ?? err.data));
          return true;
        });
        const page = await open(browser, server.url, { token: user.token, lang, viewport });
        try {
          // The form takes at most the limit and says so, then saves it.
          await page.goto('/profile/personal/name');
          const first = page.getByLabel(tx.firstName);
          await first.fill('Ö'.repeat(300));
          assert.equal((await first.inputValue()).length, nameMax);
          await page.getByText(tx.atMost).first().waitFor();
          await page.locator('input[name="family-name"]').fill('W'.repeat(300));
          await page.getByRole('button', { name: tx.save }).click();
          await page.waitForURL((u) => u.pathname !== '/profile/personal/name', { timeout: 15000 });
          const me = await api.auth.authorize.query(device);
          assert.equal(me.user.firstName, 'Ö'.repeat(nameMax));
          assert.equal(me.user.lastName, 'W'.repeat(nameMax));

          const bottomNav = page.locator('nav.fixed.bottom-0');
          const common = phone ? [['the bottom navigation', bottomNav]] : [];
          await page.goto('/');
          await page.getByTestId('home-book').waitFor();
          await fits(page, '/', [...common, [tx.choose, page.getByTestId('home-book')]]);
          await screenshot(page, `long-values-${lang}-${viewport.width}-home`);
          await page.goto('/book/station');
          await page.locator('[data-station] a').first().waitFor();
          await fits(page, '/book/station', [...common, ['a station', page.locator('[data-station] a').first()]]);
          for (const path of ['/profile', '/profile/personal', '/orders']) {
            await page.goto(path);
            await page.locator('main h1').first().waitFor();
            await fits(page, path, [...common, ['the title', page.locator('main h1').first()]]);
          }
          await screenshot(page, `long-values-${lang}-${viewport.width}-orders`);
          assertClean(page, 'the longest values', { allow: [/auth\.update/] });
        } finally {
          await page.closeAll();
        }
      });

      it('the back office takes the longest station; its customers\' screens fit it', async () => {
        const tag = `${lang}${viewport.width}`;
        const long = { name: `Ü${tag}${'n'.repeat(300)}`, address: 'a'.repeat(400), city: 'c'.repeat(200), openingHours: 'h'.repeat(400) };
        const office = await open(browser, server.url, { token: operator.token, lang, viewport, path: `/admin/stations?station=${ulemiste}` });
        try {
          const form = office.locator('form').filter({ has: office.locator('input[name="openingHours"]') });
          for (const [k, max] of Object.entries(stationMax)) await fill(form.locator(`input[name="${k}"]`), long[k], max, k);
          await fits(office, 'the station form', [['the save button', form.locator('button[type="submit"]')]]);
          await screenshot(office, `long-values-${lang}-${viewport.width}-station-form`);
          await form.locator('button[type="submit"]').click();
          const saved = await until('the station saved', () => adminApi(operator.token).stations.get.query({ stationUuid: ulemiste }), {
            done: (d) => d.station.station.name.startsWith(`Ü${tag}`),
          });
          for (const [k, max] of Object.entries(stationMax)) assert.equal([...saved.station.station[k]].length, max, k);
          assertClean(office, 'the station form');
        } finally {
          await office.closeAll();
        }
        const user = await registerUser(server.url, mailbox, { language: lang });
        const page = await open(browser, server.url, { token: user.token, lang, viewport });
        try {
          const common = viewport.width < 768 ? [['the bottom navigation', page.locator('nav.fixed.bottom-0')]] : [];
          await page.goto('/book/station');
          const card = page.locator(`[data-station="${ulemiste}"] a`).first();
          await card.waitFor();
          await fits(page, '/book/station', [...common, ['the station', card]]);
          await page.goto(`/book/station/${ulemiste}`);
          await page.locator('a[data-product]').first().waitFor();
          await fits(page, 'the station page', [...common, ['a product', page.locator('a[data-product]').first()]]);
          // A product's words keep a column of their own (7rem); the price goes below them when it must.
          const words = await page.locator('a[data-product] > span.grid.min-w-0').evaluateAll((els) => Math.min(...els.map((e) => e.getBoundingClientRect().width)));
          assert.ok(words >= 112, `the station page: a product's words are squeezed into ${words} px`);
          await screenshot(page, `long-values-${lang}-${viewport.width}-station`);
          // A day of its own for each language and width: the station has few compartments of a kind.
          const order = await bookDay(stack.api(user.token), 20 + ['en320', 'en1280', 'et320', 'et1280'].indexOf(tag), { stationUuid: ulemiste });
          await page.goto(`/order/${order.uuid}/${order.lockers[0].uuid}`);
          const section = page.locator('section[data-page="orderLocker"]');
          await section.getByRole('button', { name: tx.cancel }).waitFor();
          await fits(page, 'the order page', [...common, ['cancel', section.getByRole('button', { name: tx.cancel })]]);
          assertClean(page, 'the long station');
        } finally {
          await page.closeAll();
        }
      });

      it('the help search, a report, a cancellation and a deletion reason take their limits; their screens fit', async () => {
        const user = await registerUser(server.url, mailbox, { language: lang });
        const api = stack.api(user.token);
        // A day of its own for each language and width, as above.
        const order = await bookDay(api, 30 + ['en320', 'en1280', 'et320', 'et1280'].indexOf(`${lang}${viewport.width}`));
        const page = await open(browser, server.url, { token: user.token, lang, viewport });
        try {
          const common = viewport.width < 768 ? [['the bottom navigation', page.locator('nav.fixed.bottom-0')]] : [];
          await page.goto('/help');
          const search = page.locator('input[name="q"]');
          await fill(search, 'q'.repeat(300), 200, 'the help search');
          await search.press('Enter');
          await page.waitForURL((u) => u.searchParams.get('q')?.length === 200);
          await page.locator('main h2').first().waitFor();
          await fits(page, 'the help search', [...common, ['the search field', search], ['the results heading', page.locator('main h2').first()]]);

          await page.goto(`/order/${order.uuid}/${order.lockers[0].uuid}`);
          const section = page.locator('section[data-page="orderLocker"]');
          await section.getByRole('button', { name: tx.report }).click();
          const report = section.getByRole('form', { name: tx.report });
          await report.locator('select[name="category"]').selectOption({ index: 1 });
          await fill(report.locator('textarea[name="text"]'), 'r'.repeat(3000), 2000, 'the report');
          await fits(page, 'the report form', [...common, ['the send button', report.locator('button[type="submit"]')]]);
          await report.locator('button[type="submit"]').click();
          await section.getByText(tx.reported).waitFor();
          await page.goto('/issues');
          const mine = page.locator('section[data-page="issues"] li').filter({ hasText: 'r'.repeat(100) }).first();
          await mine.waitFor();
          await fits(page, '/issues', [...common, ['the report', mine]]);
          await screenshot(page, `long-values-${lang}-${viewport.width}-issues`);

          await page.goto(`/order/${order.uuid}/${order.lockers[0].uuid}`);
          await section.getByRole('button', { name: tx.cancel }).click();
          const cancel = page.locator('form').filter({ has: page.locator('input[name="cancel-reason"]') });
          await cancel.locator('label').filter({ has: page.locator('input[name="cancel-reason"][value="other"]') }).click();
          await fill(cancel.locator('textarea[name="note"]'), 'w'.repeat(900), 500, 'the cancellation reason');
          await fits(page, 'the cancel form', [...common, ['the cancel button', cancel.getByRole('button', { name: tx.cancel })]]);
          await cancel.getByRole('button', { name: tx.cancel }).click();
          await orderWhen(api, order.uuid, (o) => o.status === 'cancelled');
          await page.waitForURL(`**/order/history/${order.uuid}/${order.lockers[0].uuid}`);
          await page.locator('main h1').first().waitFor();
          await fits(page, 'the cancelled order', [...common, ['the title', page.locator('main h1').first()]]);

          await page.goto('/profile/delete');
          const reason = page.locator('textarea[name="reason"]');
          await fill(reason, 'd'.repeat(2000), 1000, 'the deletion reason');
          await fits(page, '/profile/delete', [...common, ['the reason', reason], ['the delete button', page.locator('main button[type="submit"]').first()]]);
          await screenshot(page, `long-values-${lang}-${viewport.width}-delete`);
          assertClean(page, 'the longest notes');
        } finally {
          await page.closeAll();
        }
      });
    });
  }

  it(`the day list shows "free" whole at 390 px (${lang})`, async () => {
    const user = await registerUser(server.url, mailbox, { language: lang });
    const page = await open(browser, server.url, { token: user.token, lang, viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`/book/station/${viru}`);
      await page.locator('a[data-product]').first().click();
      await page.waitForURL('**/timeframe');
      const select = page.locator('select[name="start-date"]');
      await select.locator('option[data-free]').first().waitFor({ state: 'attached' });
      // The width the selected day's text needs against the room the select gives it.
      const { need, room, text } = await select.evaluate((el) => {
        const s = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const text = el.selectedOptions[0].textContent;
        return { need: ctx.measureText(text).width, room: el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight), text };
      });
      assert.ok(/free|vaba/.test(text), text);
      assert.ok(need <= room, `"${text}" needs ${need} px, the select gives ${room}`);
      await fits(page, 'timeframe', [['the day list', select]]);
    } finally {
      await page.closeAll();
    }
  });
}
