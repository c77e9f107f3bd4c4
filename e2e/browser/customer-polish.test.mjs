// Issue 46, the customer's side, on a 390 px phone in English and on a desktop in
// Estonian: the order page's codes copy as the done screen's do; the tutorial's first
// step offers no Back and its Next keeps its place from step to step; the extend screen
// lists only the days the server accepts, says the latest end and the billing rule, and
// a paid extension is told; Back after paying by link never returns to a prepare
// screen, and passes the provider's page at most once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { day } from '../lib/dates.mjs';
import { startStack } from '../lib/stack.mjs';

const viru = '11111111-1111-4111-8111-000000000001'; // Viru Keskus, Tallinn (demo data)

const texts = {
  en: { copy: 'Copy', copied: 'Copied', delivery: 'Delivery code', next: 'Next', back: 'Back', latest: /^It can be extended until .+ at the latest\.$/, rule: /^Charged per started hour/, pay: 'Pay' },
  et: { copy: 'Kopeeri', copied: 'Kopeeritud', delivery: 'Sisestuskood', next: 'Edasi', back: 'Tagasi', latest: /^Pikendada saab kõige kauem kuni .+\.$/, rule: /^Tasu võetakse iga alustatud tunni eest/, pay: 'Maksa' },
};

let stack;
before(async () => {
  stack = await startStack();
});
after(() => stack?.stop());

const api = (token) => stack.api(token);

/** bookedFree is a confirmed free order (the first of three) starting in `inDays` days. */
async function bookedFree(user, inDays = 1) {
  const o = await api(user.token).order.create.mutate({ stationUuid: viru, height: 'small', type: 'standard', temperature: 'neutral', start: day(inDays), end: day(inDays) });
  return api(user.token).order.confirm.mutate({ orderUuid: o.uuid, acceptTerms: true });
}

/** paidUser is a new user whose three free orders are spent, so the next one costs money. */
async function paidUser(language, from) {
  const user = await registerUser(stack.server.url, stack.mailbox, { language });
  for (const n of [from, from + 1, from + 2]) await bookedFree(user, n);
  return user;
}

for (const [lang, view, days] of [['en', 'phone', 0], ['et', 'desktop', 10]]) {
  const tx = texts[lang];
  // Each run books its own days: a station has only so many lockers of a kind.
  const open = (user) =>
    newPage(stack.browser, stack.server.url, { viewport: viewports[view], storage: { Bearer: user.token, language: lang === 'en' ? 'en-US' : 'et' } });

  describe(`issue 46, customer side (${lang}, ${view})`, () => {
    it('copies an order code on the order page', async () => {
      const user = await registerUser(stack.server.url, stack.mailbox, { language: lang });
      const order = await bookedFree(user);
      const page = await open(user);
      try {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.server.url });
        await page.goto(`/order/${order.uuid}/${order.lockers[0].uuid}`);
        const code = order.lockers[0].deliveryCode.code;
        await page.getByRole('button', { name: `${tx.copy}: ${tx.delivery} ${code}` }).click();
        await page.locator('[data-copied]').getByText(tx.copied).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
        assert.deepEqual(page.problems, []);
      } finally {
        await page.closeAll();
      }
    });

    it('the tutorial: no Back on the first step, and Next stays where it was', async () => {
      const page = await newPage(stack.browser, stack.server.url, { viewport: viewports[view], storage: { language: lang === 'en' ? 'en-US' : 'et' } });
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
        assert.deepEqual(page.problems, []);
      } finally {
        await page.closeAll();
      }
    });

    it('extend lists only days it accepts, says the latest end and the billing rule; the paid extension is told', async () => {
      const user = await paidUser(lang, 20 + days);
      const made = await api(user.token).order.create.mutate({ stationUuid: viru, height: 'small', type: 'standard', temperature: 'neutral', start: day(1 + days), end: day(1 + days) });
      await api(user.token).order.confirm.mutate({ orderUuid: made.uuid, acceptTerms: true });
      const page = await open(user);
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
        let told;
        for (let i = 0; i < 40 && !told; i++) {
          const list = await api(user.token).notification.list.query({});
          told = list.items.find((n) => n.kind === 'extension_paid' && n.orderId === order.uuid);
          if (!told) await new Promise((r) => setTimeout(r, 500));
        }
        assert.ok(told, 'no extension_paid notification');
        const extended = await api(user.token).order.get.query({ orderUuid: order.uuid });
        assert.equal(new Date(told.params.end).getTime(), new Date(extended.lockers[0].end).getTime());
        assert.ok(told.params.amountCents > 0);
      } finally {
        await page.closeAll();
      }
    });

    it('Back after paying by link skips the prepare screen and passes the provider once at most', async () => {
      const user = await paidUser(lang, 40 + days);
      const made = await api(user.token).order.create.mutate({ stationUuid: viru, height: 'small', type: 'standard', temperature: 'neutral', start: day(3 + days), end: day(3 + days) });
      await api(user.token).order.confirm.mutate({ orderUuid: made.uuid, acceptTerms: true });
      const page = await open(user);
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
