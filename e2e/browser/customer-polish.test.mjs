// Issue 46, the customer's side, on a 390 px phone in English and on a desktop in
// Estonian: the order page's codes copy as the done screen's do; the tutorial's first
// step offers no Back and its Next keeps its place from step to step; the extend screen
// lists only the days the server accepts, says the latest end and the billing rule, and
// a paid extension is told; Back after paying by link never returns to a prepare
// screen, and passes the provider's page at most once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { bookDay, payingUser } from '../lib/booking.mjs';
import { screenshot, viewports } from '../lib/browser.mjs';
import { assertClean, open } from '../lib/pages.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { until } from '../lib/wait.mjs';

const texts = {
  en: { copy: 'Copy', copied: 'Copied', delivery: 'Delivery code', next: 'Next', back: 'Back', latest: /^It can be extended until .+ at the latest\.$/, rule: /^Charged per started hour/, pay: 'Pay' },
  et: { copy: 'Kopeeri', copied: 'Kopeeritud', delivery: 'Sisestuskood', next: 'Edasi', back: 'Tagasi', latest: /^Pikendada saab kõige kauem kuni .+\.$/, rule: /^Tasu võetakse iga alustatud tunni eest/, pay: 'Maksa' },
};

const stack = await stackForFile();
const { server, mailbox, browser } = stack;
const api = (token) => stack.api(token);

for (const [lang, view, days] of [['en', 'phone', 0], ['et', 'desktop', 10]]) {
  const tx = texts[lang];
  // Each run books its own days: a station has only so many lockers of a kind.
  const openAs = (user) => open(browser, server.url, { token: user?.token, lang, viewport: viewports[view] });

  describe(`issue 46, customer side (${lang}, ${view})`, () => {
    it('copies an order code on the order page', async () => {
      const user = await registerUser(server.url, mailbox, { language: lang });
      const order = await bookDay(api(user.token), 1);
      const page = await openAs(user);
      try {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
        await page.goto(`/order/${order.uuid}/${order.lockers[0].uuid}`);
        const code = order.lockers[0].deliveryCode.code;
        await page.getByRole('button', { name: `${tx.copy}: ${tx.delivery} ${code}` }).click();
        await page.locator('[data-copied]').getByText(tx.copied).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
        assertClean(page, 'the order page');
      } finally {
        await page.closeAll();
      }
    });

    it('the tutorial: no Back on the first step, and Next stays where it was', async () => {
      const page = await openAs(null);
      try {
        await page.goto('/tutorial/welcome');
        const next = page.getByTestId('tutorial-next');
        await next.waitFor();
        assert.equal(await page.getByRole('link', { name: tx.back }).count(), 0, 'Back on the first step');
        const first = await next.boundingBox();
        await next.click();
        await page.waitForURL('**/tutorial/receive');
        await page.getByRole('link', { name: tx.back }).waitFor();
        const second = await page.getByTestId('tutorial-next').boundingBox();
        assert.deepEqual(second, first, 'Next moved between the steps');
        await screenshot(page, `customer-polish-${lang}-${view}-tutorial`);
        assertClean(page, 'the tutorial');
      } finally {
        await page.closeAll();
      }
    });

    it('extend lists only days it accepts, says the latest end and the billing rule; the paid extension is told', async () => {
      const user = await payingUser(server.url, mailbox, { language: lang, from: 20 + days });
      const made = await bookDay(api(user.token), 1 + days);
      const page = await openAs(user);
      try {
        const link = await api(user.token).order.paymentLink.mutate({ orderUuid: made.uuid, lang });
        await page.goto(link.url);
        await page.getByRole('button', { name: tx.pay, exact: true }).click();
        await page.waitForURL(`**/book/${made.uuid}/done`, { timeout: 20000 });
        const order = await api(user.token).order.get.query({ orderUuid: made.uuid });
        const locker = order.lockers[0];
        await page.goto(`/order/${order.uuid}/${locker.uuid}/extend`);
        await page.getByTestId('extend-latest').getByText(tx.latest).waitFor();
        await page.getByTestId('billing-rule').getByText(tx.rule).waitFor();
        // The day list ends at the latest day the server accepts (31 days from the start).
        const lastDay = await page.locator('select[name="new-end-date"] option').last().getAttribute('value');
        const untilDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date(locker.extendUntil));
        assert.equal(lastDay, untilDay, 'the last day offered');
        // The server refuses a day later than that, as the screen said.
        await assert.rejects(api(user.token).order.extend.mutate({ orderUuid: order.uuid, orderLockerUuid: locker.uuid, end: `${nextDay(untilDay)}T23:59` }));
        await screenshot(page, `customer-polish-${lang}-${view}-extend`);
        // Extend by the default (a day) and pay it: the customer is told.
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(`**/order/${order.uuid}/payment`);
        const xlink = await api(user.token).order.paymentLink.mutate({ orderUuid: order.uuid, lang });
        await page.goto(xlink.url);
        await page.getByRole('button', { name: tx.pay, exact: true }).click();
        const told = await until('the extension_paid notification', async () => {
          const list = await api(user.token).notification.list.query({});
          return list.items.find((n) => n.kind === 'extension_paid' && n.orderId === order.uuid);
        });
        const extended = await api(user.token).order.get.query({ orderUuid: order.uuid });
        assert.equal(new Date(told.params.end).getTime(), new Date(extended.lockers[0].end).getTime());
        assert.ok(told.params.amountCents > 0);
      } finally {
        await page.closeAll();
      }
    });

    it('Back after paying by link skips the prepare screen and passes the provider once at most', async () => {
      const user = await payingUser(server.url, mailbox, { language: lang, from: 40 + days });
      const made = await bookDay(api(user.token), 3 + days);
      const page = await openAs(user);
      try {
        await page.goto(`/book/${made.uuid}/method`);
        await page.getByTestId('pay-by-link').click();
        await page.waitForURL('**/demo-pay/checkout/**', { timeout: 20000 });
        await page.getByRole('button', { name: tx.pay, exact: true }).click();
        await page.waitForURL(`**/book/${made.uuid}/done`, { timeout: 20000 });
        const seen = [];
        for (let i = 0; i < 3; i++) {
          await page.goBack();
          await page.waitForLoadState();
          seen.push(new URL(page.url()).pathname);
          if (seen.at(-1) === `/book/${made.uuid}/method`) break;
        }
        assert.ok(!seen.some((p) => p.endsWith('/prepare')), `Back went through ${seen.join(' → ')}`);
        assert.ok(seen.filter((p) => p.includes('/demo-pay/')).length <= 1, `Back went through ${seen.join(' → ')}`);
        assert.equal(seen.at(-1), `/book/${made.uuid}/method`, `Back went through ${seen.join(' → ')}`);
      } finally {
        await page.closeAll();
      }
    });
  });
}

/** nextDay is the calendar day after "YYYY-MM-DD". */
function nextDay(d) {
  const t = new Date(`${d}T12:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}
