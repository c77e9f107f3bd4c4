// The screens whose dates break first, at the hours and days that break naive date code (issue 47): 22:30
// and 23:59 UTC (already tomorrow in Tallinn), Tallinn's midnight, the minute before each DST change, the 31st
// and 29 February (lib/dates.mjs `edges`). At each, lockerd (its testclock build), the page (Playwright's
// clock) and this test's own dates (lib/dates.mjs) run from that instant:
//  - the booking screen's Today and Tomorrow are the station's dates, and so are the bookings the server makes
//    of them (00:01-23:59 local; today's from now);
//  - the open-door screen opens a running order's door, and says tomorrow's opens only in its booked time;
//  - an extension to tomorrow ends at tomorrow's 23:59 at the station, and the operator's extension dialog offers
//    the same clock time the next day on the station's clock (not 24 hours later, not the device's clock).
// Every other browser file runs at any one of them as well: LOCKERS_TEST_NOW=<instant> node --test browser/x.test.mjs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { launch, newPage, viewports } from '../lib/browser.mjs';
import { day, edges, localDateTime, now, setClock } from '../lib/dates.mjs';
import { grantRole, startLockerd } from '../lib/lockerd.mjs';
import { startMailbox } from '../lib/mailbox.mjs';
import { client } from '../lib/trpc.mjs';
import { bookDay, bookFromNow, viru as station } from '../lib/booking.mjs';
import { assertClean } from '../lib/pages.mjs';


let mailbox;
let browser;

before(async () => {
  mailbox = await startMailbox();
  browser = await launch();
});

after(async () => {
  setClock(null);
  await browser?.close();
  await mailbox?.stop();
});

for (const [name, instant] of Object.entries(edges())) {
  describe(`at ${name} (${instant})`, () => {
    let server;
    let user;
    let api;
    let page;
    let todays; // today's booking, for the operator's extension

    before(async () => {
      setClock(instant);
      server = await startLockerd({ env: { SMTP_URL: mailbox.smtpURL } });
      user = await registerUser(server.url, mailbox);
      api = client(`${server.url}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${user.token}` } }).trpc;
      page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    });

    after(async () => {
      await page?.closeAll();
      await server?.stop();
    });

    it("the booking screen's Today and Tomorrow are the station's dates", async () => {
      const timeframe = `/book/station/${station}/locker/small/standard/neutral/timeframe`;
      await page.goto(timeframe);
      for (const [preset, date] of [['Tomorrow', day(1)], ['Today', day(0)]]) {
        await page.getByRole('button', { name: preset, exact: true }).click();
        await page.waitForURL((u) => decodeURIComponent(u.pathname) === `${timeframe}/${date}T00:01/${date}T23:59`, { timeout: 5000 });
      }
      await page.locator('[data-testid="timeframe-price"]').waitFor();
      assertClean(page, 'timeframe');
    });

    it("books today and tomorrow as the station's days, and the doors follow them", async () => {
      const today = day(0);
      const tomorrow = day(1);
      // The first three orders are free: today, tomorrow, and from now for two hours.
      todays = await bookDay(api, 0);
      const tomorrows = await bookDay(api, 1, { temperature: 'cool' });
      const running = await bookFromNow(api, 2, { temperature: 'warm' });
      // Today's booking starts now, or at 00:01 in the minute after midnight, and ends at 23:59 at the station;
      // tomorrow's is the whole day.
      const todayStart = Date.parse(todays.start);
      assert.ok(Math.abs(todayStart - now()) < 120_000 && localDateTime(todayStart) >= `${today}T00:01`, `today's starts ${todays.start}`);
      assert.equal(localDateTime(Date.parse(todays.end)), `${today}T23:59`);
      assert.equal(localDateTime(Date.parse(tomorrows.start)), `${tomorrow}T00:01`);
      assert.equal(localDateTime(Date.parse(tomorrows.end)), `${tomorrow}T23:59`);

      const locker = (o) => `/order/${o.uuid}/${o.lockers[0].uuid}`;
      const refused = async (o) => {
        await page.goto(`${locker(o)}/open`);
        await page.getByText('The door opens only during your booked time.').waitFor();
        page.problems.length = 0; // the refused intent (409) is the answer the screen shows
      };
      const opens = async (o) => {
        await page.goto(`${locker(o)}/open`);
        await page.getByText('Are you sure?').waitFor();
        await page.getByRole('button', { name: 'Yes, open it' }).click();
        await page.getByText('Door is open', { exact: true }).waitFor();
        assertClean(page, 'open the door');
      };
      await refused(tomorrows);
      await (todayStart <= now() ? opens(todays) : refused(todays));
      await opens(running);

      // Extended to tomorrow, it ends at tomorrow's 23:59 at the station, a DST change included.
      const extended = await api.order.extend.mutate({ orderUuid: running.uuid, orderLockerUuid: running.lockers[0].uuid, end: tomorrow });
      assert.equal(localDateTime(Date.parse(extended.end)), `${tomorrow}T23:59`, JSON.stringify(extended));
    });

    it("the operator's extension offers the same time the next day on the station's clock, and gives it", async () => {
      const operator = await registerUser(server.url, mailbox);
      grantRole(server, operator.email, 'ADMIN');
      const office = await newPage(browser, server.url, { storage: { Bearer: operator.token, language: 'en-US' } });
      try {
        await office.goto(`/admin/orders?order=${todays.uuid}`);
        await office.locator('table[aria-label="Lockers"]').getByRole('button', { name: 'Extend' }).click();
        const dialog = office.getByRole('dialog');
        const newEnd = dialog.getByLabel('New end (station time, Europe/Tallinn)');
        assert.equal(await newEnd.inputValue(), `${day(1)}T23:59`);
        await dialog.getByLabel('Note (why)').fill('a day more');
        await dialog.getByRole('button', { name: 'Extend' }).click();
        await dialog.waitFor({ state: 'hidden' });
        const o = await api.order.get.query({ orderUuid: todays.uuid });
        assert.equal(localDateTime(Date.parse(o.lockers[0].end)), `${day(1)}T23:59`);
        assertClean(office, 'the operator extends');
      } finally {
        await office.closeAll();
      }
    });
  });
}
