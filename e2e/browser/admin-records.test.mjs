// The back office's records read as an operator reads them (issue 46, operator side): on an
// order's page the Extend dialog's header follows Goodwill, an extension's price line says the
// time it adds ("2 h", Estonian "2 t", never "0 d 4 h"), the audit reads as a sentence in the
// operator's language with the new end on the station's clock (no raw keys, no UTC, no
// nanoseconds), a booked order shows no "Held until", and the delete dialog says once that its
// lockers are freed; the Extend dialog's default end is on the station's clock with the browser in
// New York. Each in English on a desktop and in Estonian on a 390 px phone.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { bookDay, viru } from '../lib/booking.mjs';
import { newPage, viewports } from '../lib/browser.mjs';
import { grantRole } from '../lib/lockerd.mjs';
import { stackForFile } from '../lib/stack.mjs';

const stack = await stackForFile();
const { server, mailbox, browser } = stack;
const api = (token) => stack.api(token);
let alice; // ADMIN
let customer;
let second; // books while an operator's dialog is open

before(async () => {
  [alice, customer, second] = await Promise.all([0, 1, 2].map(() => registerUser(server.url, mailbox)));
  grantRole(server, alice.email, 'ADMIN');
});

/** The texts each language must show, and the ones it must not. */
const texts = {
  'en-US': {
    viewport: viewports.desktop,
    // The operator's browser is in New York; the station's clock is Tallinn's.
    timezoneId: 'America/New_York',
    extend: 'Extend',
    goodwill: 'Goodwill: free for the customer',
    goodwillBody: 'A goodwill extension: free for the owner, and the new end applies at once.',
    paidBody: 'The owner pays the extension at the usual price, as if they had asked for it.',
    note: 'Note (why)',
    lines: 'Price lines',
    extensionLine: 'Extension',
    twoHours: '2 hours',
    did: (who) => `${who} extended order `,
    endField: 'End',
    heldUntil: 'Held until',
    deleteOrder: 'Delete order',
    freed: /lockers are freed/gi,
  },
  et: {
    viewport: viewports.phone,
    timezoneId: 'Europe/Tallinn',
    extend: 'Pikenda',
    goodwill: 'Heast tahtest: kliendile tasuta',
    goodwillBody: 'Pikendus heast tahtest: omanikule tasuta ja uus lõpp kehtib kohe.',
    paidBody: 'Omanik maksab pikenduse eest tavahinna, nagu oleks ta seda ise palunud.',
    note: 'Märkus (põhjus)',
    lines: 'Hinnaread',
    extensionLine: 'Pikendus',
    twoHours: '2 tundi',
    did: (who) => `${who} pikendas tellimust `,
    endField: 'Lõpp',
    heldUntil: 'Hoitud kuni',
    deleteOrder: 'Kustuta tellimus',
    freed: /kapid vabanevad/gi,
  },
};

/** onTallinnClock writes an instant as a datetime-local value on the station's clock. */
function onTallinnClock(iso) {
  // Swedish writes "2026-12-10 23:59".
  const s = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  return s.replace(' ', 'T');
}

/** addHours moves a datetime-local value ("2026-12-03T05:00") by hours on its own clock. */
function addHours(local, hours) {
  const d = new Date(`${local}:00Z`);
  d.setUTCHours(d.getUTCHours() + hours);
  return d.toISOString().slice(0, 16);
}

describe('an order as the operator reads it', () => {
  for (const [language, x] of Object.entries(texts)) {
    it(`${language} at ${x.viewport.width} px: extension, audit sentence, hold and delete dialog`, async () => {
      const rental = await bookDay(api(customer.token), language === 'et' ? 8 : 7);
      // The account's language wins over the device's: the operator works in it.
      await api(alice.token).auth.update.mutate({ language: language === 'et' ? 'et' : 'en' });
      const page = await newPage(browser, server.url, { viewport: x.viewport, locale: language === 'et' ? 'et-EE' : 'en-US', timezoneId: x.timezoneId, storage: { Bearer: alice.token, language } });
      try {
        await page.goto(`/admin/orders?order=${rental.uuid}`);
        await page.settle();
        await page.locator('[data-order-status]').waitFor();
        const main = page.locator('main');
        assert.equal(await main.getByText(x.heldUntil, { exact: true }).count(), 0, 'a booked order shows no hold');

        await page.getByRole('button', { name: x.deleteOrder }).click();
        const del = page.getByRole('dialog');
        await del.waitFor();
        assert.equal(((await del.innerText()).match(x.freed) ?? []).length, 1, 'the delete dialog says once that the lockers are freed');
        await page.keyboard.press('Escape');
        await del.waitFor({ state: 'hidden' });

        await page.getByRole('button', { name: x.extend, exact: true }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(x.goodwillBody).waitFor();
        await dialog.getByLabel(x.goodwill).uncheck();
        await dialog.getByText(x.paidBody).waitFor();
        assert.equal(await dialog.getByText(x.goodwillBody).count(), 0, 'the header follows the tick');
        await dialog.getByLabel(x.goodwill).check();
        // Two hours after the rental's end, on the station's clock the field is in.
        const end = dialog.locator('input[type="datetime-local"]');
        const dayLater = await end.inputValue();
        assert.equal(dayLater, addHours(onTallinnClock(rental.end), 24), "the default end is a day later on the station clock, not the browser's");
        const twoHoursLater = addHours(addHours(dayLater, -24), 2);
        await end.fill(twoHoursLater);
        await dialog.getByLabel(x.note).fill('door stuck');
        await dialog.getByRole('button', { name: x.extend, exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.locator('[data-order-status="extended"]').waitFor();

        const lines = page.locator(`table[aria-label="${x.lines}"], [aria-label="${x.lines}"]`).first();
        const extension = lines.locator('tr, li').filter({ hasText: x.extensionLine });
        await extension.first().waitFor();
        const row = await extension.first().innerText();
        assert.ok(row.includes(x.twoHours), `the extension line says ${x.twoHours}: ${row}`);
        assert.ok(!/\b0 [dp]\b/.test(row), `no zero days: ${row}`);

        const sentence = page.locator('[data-audit-action="admin.orders.extend"]').first();
        await sentence.waitFor();
        assert.ok((await sentence.innerText()).startsWith(x.did(alice.email)), await sentence.innerText());
        const change = await page.locator('[data-audit-diff] [data-field="end"]').first().innerText();
        assert.ok(change.startsWith(`${x.endField}:`), change);
        assert.doesNotMatch(change, /\d{4}-\d\d-\d\dT|Z\b|\.\d{3,}/, 'no stored timestamps');
        assert.match(change, /UTC\+2/, 'on the station clock, with its zone');
        const diff = await page.locator('[data-audit-diff]').first().innerText();
        assert.doesNotMatch(diff, /orderLockerId|goodwill:|status:/, 'no raw keys');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= x.viewport.width, `no horizontal scroll: ${width}`);
      } finally {
        await page.closeAll();
      }
    });
  }
});

describe('a dialog checks its preview again on confirm', () => {
  it('out of service: a booking made while the dialog was open is shown before anything happens to it', async () => {
    const book = (token, n) => bookDay(api(token), n, { temperature: 'warm' });
    await api(alice.token).auth.update.mutate({ language: 'en' });
    const first = await book(second.token, 4);
    const label = first.lockers[0].label;
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: alice.token, language: 'en-US' } });
    try {
      await page.goto(`/admin/stations?station=${viru}`);
      await page.settle();
      await page.locator(`tr[data-compartment="${label}"]`).getByRole('button', { name: 'Take out of service' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Bookings on this compartment: 1. Taking it out of service does this to them:').waitFor();
      // A customer books the same compartment for the next day while the dialog is open.
      const late = await book(second.token, 5);
      assert.equal(late.lockers[0].label, label, 'the next day books the same (first free) compartment');
      await dialog.getByLabel('Reason for taking it out of service or back').fill('hinge broken');
      await dialog.getByRole('button', { name: 'Take out of service' }).click();
      await dialog.locator('[data-preview-changed]').waitFor();
      await dialog.getByText('Bookings on this compartment: 2. Taking it out of service does this to them:').waitFor();
      await dialog.locator(`[data-order="${late.uuid}"]`).waitFor();
      const still = await api(second.token).order.get.query({ orderUuid: late.uuid });
      assert.equal(still.lockers[0].label, label, 'nothing happened to the new booking before the operator saw it');
      await dialog.getByRole('button', { name: 'Take out of service' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const done = page.locator(`[role="status"] [data-order="${late.uuid}"]`);
      await done.waitFor();
      const moved = await api(second.token).order.get.query({ orderUuid: late.uuid });
      assert.notEqual(moved.lockers[0].label, label);
      assert.match(await done.innerText(), new RegExp(`moved to ${moved.lockers[0].label}; the customer was told`));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewports.phone.width, `no horizontal scroll: ${width}`);
    } finally {
      await page.closeAll();
    }
  });
});
