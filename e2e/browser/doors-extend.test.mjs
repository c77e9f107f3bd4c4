// Browser journeys of issue 13's last parts against the real binary with the
// built-in station simulator: the extend screen's fallback (the compartment is
// booked by someone else after the rental, so the screen offers a free one of
// the same kind and moves the rental there in one tap), and the temperature log
// of a cooled rental on the order-locker page. No screen may log a console error
// or get an HTTP error other than the extend refusal the screen handles.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { now } from '../lib/dates.mjs';
import { book as bookOver } from '../lib/booking.mjs';

const stack = await stackForFile();
const { server, mailbox, browser, api } = stack;
const hour = 3600_000;

/** book makes a free (first orders are free) booked order of one locker. */
const book = (token, product, start, end) => bookOver(api(token), { ...product, start, end });

for (const [lang, locale, viewport] of [['en', 'en-US', viewports.phone], ['et', 'et-EE', viewports.desktop]]) {
  const text = {
    en: { offer: 'This locker is booked by someone else after your time.', move: 'Move and extend', temperature: 'Temperature' },
    et: { offer: 'See kapp on pärast sinu aega kellegi teise broneeritud.', move: 'Tõsta ümber ja pikenda', temperature: 'Temperatuur' },
  }[lang];

  describe(`extend with a fallback (${lang})`, () => {
    let page;
    let user;
    after(async () => page?.closeAll());

    it('offers a free compartment of the same kind when the own one is booked after, and moves the rental there', async () => {
      user = await registerUser(server.url, mailbox, { language: lang });
      const other = await registerUser(server.url, mailbox, { language: lang });
      // Viru Keskus has two big compartments of each temperature: one kind per language.
      const product = { height: 'big', temperature: lang === 'en' ? 'neutral' : 'warm' };
      const start = new Date(now());
      const end = new Date(start.getTime() + 3 * hour);
      const mine = await book(user.token, product, start, end);
      const l = mine.lockers[0];
      // Someone else books the same compartment right after: book until the
      // other booking lands on it, then give the other compartment back.
      let taken = null;
      for (let i = 0; i < 2 && !taken; i++) {
        const o = await book(other.token, product, end, new Date(end.getTime() + 2 * hour));
        if (o.lockers[0].label === l.label) taken = o;
        else await api(other.token).order.cancel.mutate({ orderUuid: o.uuid, note: 'test: wrong compartment' });
      }
      assert.ok(taken, 'the other booking took the rental compartment');

      page = await newPage(browser, server.url, { viewport, storage: { Bearer: user.token, language: locale } });
      await page.goto(`/order/${mine.uuid}/${l.uuid}/extend`);
      await page.locator('[data-testid="current-end"]').waitFor();
      await page.locator('form button[type="submit"]').click(); // the default: one day more
      await page.getByText(text.offer).waitFor();
      await screenshot(page, `doors-extend-${lang}-offer`);
      await page.getByRole('button', { name: text.move }).click();
      await page.waitForURL(`**/order/${mine.uuid}/${l.uuid}`);
      const moved = (await api(user.token).order.get.query({ orderUuid: mine.uuid })).lockers[0];
      assert.notEqual(moved.label, l.label, 'the rental moved to another compartment');
      assert.ok(new Date(moved.end) > end, `the rental is extended (ends ${moved.end})`);
      await page.getByText(moved.label).first().waitFor();
      await screenshot(page, `doors-extend-${lang}-moved`);
      // The refused plain extension is the one error the screen expects (its
      // answer and the browser's note about it); nothing else may fail.
      const unexpected = page.problems.filter((p) => !/order\.extend\?|order\.extend,|status of 4\d\d/.test(p));
      assert.deepEqual(unexpected, [], 'the page logged problems');
    });

    it('shows a cooled rental\'s temperature log on the order-locker page', async () => {
      page.problems.length = 0; // the previous test's expected refusal
      const start = new Date(now());
      const o = await book(user.token, { height: 'small', temperature: 'cool' }, start, new Date(start.getTime() + 2 * hour));
      await page.goto(`/order/${o.uuid}/${o.lockers[0].uuid}`);
      const log = page.locator('[data-testid="temperature-log"]');
      await log.waitFor();
      await log.getByText(text.temperature).waitFor();
      // The simulator keeps cooled compartments near 5 °C: the reading is in words and drawn.
      const words = await log.locator('p').first().innerText();
      assert.match(words, /\d+[.,]\d °C/, words);
      assert.equal(await log.locator('svg polyline').count(), 1);
      await screenshot(page, `doors-temperature-${lang}`);
      assert.deepEqual(page.problems, [], 'the page logged problems');
    });
  });
}
