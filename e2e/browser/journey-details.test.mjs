// The smaller faults of issue 28's customer journey, each as a person meets it: the
// "+2 hours" preset computed when tapped and shown as chosen; the billing rule said
// before paying (English and Estonian); a map above the list on a phone that folds
// away; the kiosk taking a physical keyboard and sending an unknown station to the
// station list; the report form clearing a field's message once it is fixed, asking
// "What is wrong?" once, with a styled photo picker; the desktop order page's action
// bar in place instead of over the rows.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { day, localDateTime, now } from '../lib/dates.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { book, bookDay, payingUser, viru } from '../lib/booking.mjs';
import { open as openPage } from '../lib/pages.mjs';

const nobody = '99999999-9999-4999-8999-999999999999';

const stack = await stackForFile({ SIM_DOOR_OPEN_FOR: '2s' });
const { server, mailbox, browser } = stack;
const users = {};

before(async () => {
  users.en = await registerUser(server.url, mailbox);
  users.et = await registerUser(server.url, mailbox, { language: 'et' });
});

const api = (token) => stack.api(token);
const open = (lang, viewport = viewports.phone) => openPage(browser, server.url, { token: users[lang].token, lang, viewport });

describe('presets and the billing rule (issue 28)', () => {
  for (const [lang, l] of Object.entries({
    en: { hours: '+2 hours', rule: /^Charged per started hour \(€[\d.]+ an hour\), at most the daily price \(€[\d.]+\) per 24 h\. This booking: 2 started hours at €[\d.]+ = €[\d.]+\.$/ },
    et: { hours: '+2 tundi', rule: /^Tasu võetakse iga alustatud tunni eest \([\d,]+ € tunnis\), kuid iga 24 tunni eest kõige rohkem päevahind \([\d,]+ €\)\. See broneering: 2 alustatud tundi hinnaga [\d,]+ € = [\d,]+ €\.$/ },
  })) {
    it(`computes "+2 hours" when tapped, from the next minute, shows it as chosen and says how it is billed (${lang})`, async () => {
      const page = await open(lang);
      try {
        // The screen was drawn long ago: its times are an hour old.
        const drawn = now() - 3600_000;
        await page.goto(`/book/station/${viru}/locker/small/standard/neutral/timeframe/${localDateTime(drawn)}/${localDateTime(drawn + 2 * 3600_000)}`);
        const preset = page.getByRole('button', { name: l.hours, exact: true });
        await preset.waitFor();
        assert.equal(await preset.getAttribute('aria-pressed'), 'false');
        const tapped = now();
        await preset.click();
        await page.waitForFunction((p) => document.querySelector(`[data-preset="${p}"]`)?.getAttribute('aria-pressed') === 'true', '2h');
        const start = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-2));
        // The start is the minute after the tap, not in the past.
        assert.ok(start > localDateTime(tapped), `start ${start} after ${localDateTime(tapped)}`);
        assert.ok(start <= localDateTime(tapped + 120_000), `start ${start} within a minute of the tap`);
        const duration = page.getByTestId('timeframe-duration');
        await duration.waitFor();
        assert.equal(Number(await duration.getAttribute('data-minutes')), 120);
        const rule = page.getByTestId('billing-rule');
        await rule.waitFor();
        assert.match((await rule.innerText()).replace(/\s+/g, ' ').replace(/\u00a0/g, ' ').trim(), l.rule);
        await screenshot(page, `journey-${lang}-phone-preset-chosen`);
        // Changing a field by hand unchooses the preset.
        await page.locator('input[name="end-time"]').fill('23:58');
        await page.locator('input[name="end-time"]').press('Tab');
        await page.waitForFunction((p) => document.querySelector(`[data-preset="${p}"]`)?.getAttribute('aria-pressed') === 'false', '2h');
        assert.deepEqual(page.problems, []);
      } finally {
        await page.closeAll();
      }
    });
  }

  it('says the rule again before paying, with the daily cap for a long day', async () => {
    const paying = await payingUser(server.url, mailbox);
    const o = await book(api(paying.token), { start: day(3), end: day(3), confirm: false });
    const page = await openPage(browser, server.url, { token: paying.token, viewport: viewports.phone });
    try {
      await page.goto(`/book/${o.uuid}/confirm`);
      const breakdown = page.getByTestId('billing-breakdown');
      await breakdown.waitFor();
      // 00:01 to 23:59 is 24 started hours, capped at the daily price.
      assert.match(await breakdown.innerText(), /^This booking: 24 started hours, at most the daily price €[\d.]+ = €[\d.]+\.$/);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });
});

describe('a map on a phone (issue 28)', () => {
  it('shows the map above the list on a 390 px screen, with free counts, and folds it away', async () => {
    const page = await open('et');
    try {
      await page.goto('/book/station');
      const map = page.getByTestId('schematic-map');
      await map.waitFor();
      const box = await map.boundingBox();
      assert.ok(box && box.width > 300 && box.height > 100, `map ${JSON.stringify(box)}`);
      const list = await page.locator('[data-station]').first().boundingBox();
      assert.ok(box.y < list.y, 'the map is above the list');
      const free = (await api(users.et.token).station.list.query()).find((s) => s.uuid === viru).products.reduce((n, p) => n + p.freeNow, 0);
      assert.equal(await map.locator(`[data-station-free="${viru}"]`).textContent(), String(free));
      await screenshot(page, 'journey-et-phone-stations-map');
      const toggle = page.getByRole('button', { name: 'Peida kaart' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await toggle.click();
      await map.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Näita kaarti' }).click();
      await map.waitFor();
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });
});

describe('kiosk (issue 28)', () => {
  it('takes digits, Backspace and Enter from a physical keyboard', async () => {
    const kiosk = await newPage(browser, server.url, { viewport: viewports.desktop, storage: { language: 'en-US' } });
    try {
      await kiosk.goto(`/kiosk/${viru}`);
      await kiosk.getByText('Viru Keskus').waitFor();
      const display = kiosk.getByTestId('kiosk-display');
      await kiosk.keyboard.type('1234567');
      assert.equal((await display.innerText()).trim(), '••••••', 'six digits at most');
      await kiosk.keyboard.press('Backspace');
      assert.equal((await display.innerText()).trim(), '•••••');
      await kiosk.keyboard.press('Enter'); // five digits: nothing is sent
      await kiosk.keyboard.type('9');
      const answer = kiosk.waitForResponse((r) => r.url().includes('kiosk.enter'));
      await kiosk.keyboard.press('Enter');
      assert.equal((await answer).status(), 200);
      await kiosk.getByText(/^Wrong code\. \d+ tries left\.$/).waitFor();
      assert.equal((await display.innerText()).trim(), '');
      assert.deepEqual(kiosk.problems, []);
    } finally {
      await kiosk.closeAll();
    }
  });

  for (const [lang, l] of Object.entries({ en: { gone: 'This station does not exist.', list: 'See the stations' }, et: { gone: 'Sellist jaama pole olemas.', list: 'Vaata jaamu' } })) {
    it(`says an unknown station does not exist and leads to the station list (${lang})`, async () => {
      const kiosk = await newPage(browser, server.url, { viewport: viewports.phone, storage: { language: lang === 'et' ? 'et' : 'en-US' } });
      try {
        await kiosk.goto(`/kiosk/${nobody}`);
        await kiosk.getByText(l.gone).waitFor();
        const link = kiosk.getByRole('link', { name: l.list });
        assert.equal(await link.getAttribute('href'), '/book/station');
        await screenshot(kiosk, `journey-${lang}-phone-kiosk-unknown`);
        assert.deepEqual(kiosk.problems.filter((p) => !/status of 4\d\d|HTTP 4\d\d/.test(p)), []);
      } finally {
        await kiosk.closeAll();
      }
    });
  }
});

describe('report form and the desktop order page (issue 28)', () => {
  let order;
  before(async () => {
    order = await bookDay(api(users.en.token), 2);
  });

  it('clears a message once its field is fixed, asks "What is wrong?" once, and styles the photo picker', async () => {
    const page = await open('en');
    try {
      await page.goto(`/order/${order.uuid}/${order.lockers[0].uuid}`);
      const section = page.locator('section[data-page="orderLocker"]');
      await section.getByRole('button', { name: 'Report a problem' }).click();
      const form = section.getByRole('form', { name: 'Report a problem' });
      assert.equal(await form.getByText('What is wrong?', { exact: true }).count(), 1);
      await form.getByRole('button', { name: 'Send report' }).click();
      await form.getByText('Choose what is wrong.').waitFor();
      await form.getByText('Describe the problem.').waitFor();
      await form.getByLabel('What is wrong?').selectOption({ label: 'The locker is dirty' });
      await form.getByText('Choose what is wrong.').waitFor({ state: 'detached' });
      await form.getByText('Describe the problem.').waitFor(); // not fixed yet
      await form.getByLabel('Describe the problem').fill('Sticky shelf');
      await form.getByText('Describe the problem.').waitFor({ state: 'detached' });
      // The file field is the named control; its face is a button with the chosen name beside it.
      await form.getByText('Choose a photo').waitFor();
      await form.getByText('No photo chosen').waitFor();
      await form.getByLabel(/^Photo/).setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: Buffer.from('x') });
      await form.getByTestId('photo-name').getByText('shelf.png').waitFor();
      await screenshot(page, 'journey-en-phone-report-form');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('keeps the desktop action bar in place, not over the rows above it', async () => {
    const page = await open('en', { width: 1280, height: 800 });
    try {
      await page.goto(`/order/${order.uuid}/${order.lockers[0].uuid}`);
      const bar = page.getByTestId('order-actions');
      await bar.waitFor();
      assert.equal(await bar.evaluate((el) => getComputedStyle(el).position), 'static');
      // Right under the status it acts on, not over it.
      const status = await page.getByTestId('order-status').boundingBox();
      const barBox = await bar.boundingBox();
      assert.ok(barBox.y >= status.y + status.height, `bar ${JSON.stringify(barBox)} below status ${JSON.stringify(status)}`);
      await screenshot(page, 'journey-en-desktop-order');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });
});
