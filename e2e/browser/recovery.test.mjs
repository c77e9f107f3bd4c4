// Browser journeys of issue 26 on a phone-sized screen against the real binary: the
// ways a booking used to go wrong and now recover.
// - A session ended elsewhere (sign-out with the same token, a password reset) lands on
//   /login saying so, in English and Estonian, and the next sign-in returns to the page;
//   a second tab follows without signing the first out again.
// - A payment declined on the demo checkout page keeps the order and its locker; the
//   payment step offers the other ways at once, and the link pays the same order.
// - Reserve, Back, Reserve gives the same order (also after a reload and in a second
//   tab); "Book again" starts from the same station, locker and times.
// - Extending past 31 days says the server's 31-day rule at the end field.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { device, registerUser } from '../lib/accounts.mjs';
import { screenshot, viewports } from '../lib/browser.mjs';
import { day } from '../lib/dates.mjs';
import { grantRole } from '../lib/lockerd.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { client } from '../lib/trpc.mjs';
import { bookDay, spendFreeOrders, viru } from '../lib/booking.mjs';
import { assertClean, open as openPage } from '../lib/pages.mjs';

const texts = {
  en: {
    language: 'en-US',
    ended: 'Your session has ended — please sign in again.',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    reserve: 'Reserve this locker',
    alreadyHeld: 'You already hold this locker for this time. Here is your reservation.',
    bookAgain: 'Book again',
    payByLink: /^Pay .+ once via a link$/,
    demoPay: 'Pay',
    demoDecline: 'Decline',
    declined: 'The payment was declined. No money was taken.',
    heldUntil: /^The locker is still held for you until .+\. Pay with another card, a new card or once via a link\.$/,
    addCard: 'Add a card',
    booked: 'Your locker is booked!',
  },
  et: {
    language: 'et',
    ended: 'Sinu seanss on lõppenud — palun logi uuesti sisse.',
    email: 'E-post',
    password: 'Parool',
    signIn: 'Logi sisse',
  },
};

const stack = await stackForFile();
const { server, mailbox, browser, api } = stack;
const adminApi = (token) => client(`${server.url}/c-core/trpc/admin`, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;

/** open starts a phone page signed in as user, in lang. */
const open = (user, lang) => openPage(browser, server.url, { token: user.token, lang, viewport: viewports.phone });

/** signIn fills the sign-in form as a person would. */
async function signIn(page, tx, email, password) {
  await page.getByLabel(tx.email).fill(email);
  await page.getByLabel(tx.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: tx.signIn }).click();
}

/** endedOnLogin waits for /login with the session-ended message. */
async function endedOnLogin(page, tx) {
  // The app moves there by itself, on its next call.
  await page.waitForFunction(() => window.location.pathname === '/login');
  await page.getByText(tx.ended).waitFor();
}

describe('a session ended elsewhere', () => {
  it('en: signed out with the same token, both tabs land on /login saying so; signing in returns to the page', async () => {
    const tx = texts.en;
    const user = await registerUser(server.url, mailbox, { language: 'en' });
    const page = await open(user, 'en');
    const other = await page.context().newPage(); // a second tab of the same browser
    other.problems = [];
    other.on('response', (res) => res.status() >= 400 && other.problems.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`));
    try {
      await page.goto('/orders/active');
      await page.locator('section[data-page="ordersActive"]').waitFor();
      await other.goto('/profile');
      await other.locator('section[data-page="profile"]').waitFor();

      await api(user.token).auth.logout.mutate(); // elsewhere, with the same token

      // The next thing the first tab does is refused: /login says why, not "check your connection".
      await page.navigate('/coupons');
      await endedOnLogin(page, tx);
      assert.equal(await page.evaluate(() => localStorage.getItem('Bearer')), null, 'the token is forgotten');
      await screenshot(page, 'recovery-en-phone-session-ended');

      // The second tab too, once it acts.
      await other.evaluate(() => {
        window.history.pushState(null, '', '/orders/active');
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      });
      await endedOnLogin(other, tx);

      // Signing in returns to where the first tab was going.
      await signIn(page, tx, user.email, user.password);
      await page.waitForURL((u) => u.pathname === '/coupons');
      await page.locator('section[data-page="coupons"]').waitFor();
      const token = await page.evaluate(() => localStorage.getItem('Bearer'));
      assert.ok(token && token !== user.token, 'a new session');

      // The second tab, opened again, uses that session and does not end it.
      await other.goto('/orders/active');
      await other.locator('section[data-page="ordersActive"]').waitFor();
      assert.equal(new URL(other.url()).pathname, '/orders/active');
      await api(token).order.list.query({ scope: 'active' }); // the new session still works
      assert.equal(await page.evaluate(() => localStorage.getItem('Bearer')), token);
      assertClean(page, 'first tab', { allow: [401] });
      assertClean(other, 'second tab', { allow: [401] });
    } finally {
      await page.closeAll();
    }
  });

  it('et: a password reset on another device ends the session; /login says so in Estonian', async () => {
    const tx = texts.et;
    const user = await registerUser(server.url, mailbox, { language: 'et' });
    const page = await open(user, 'et');
    try {
      await page.goto('/profile');
      await page.locator('section[data-page="profile"]').waitFor();

      // The reset, as another device does it: e-mail, code, new password. It revokes this session.
      const started = Date.now();
      await api().auth.reset.mutate({ email: user.email });
      const code = await mailbox.codeFor(user.email, { after: started });
      const { verificationToken } = await api().auth.verify.mutate({ email: user.email, code });
      const password = 'new-secret-pass';
      await api().auth.setPassword.mutate({ verificationToken, password, passwordRepeat: password, device });

      await page.navigate('/orders/active');
      await endedOnLogin(page, tx);
      await screenshot(page, 'recovery-et-phone-session-ended');
      await signIn(page, tx, user.email, password);
      await page.waitForURL((u) => u.pathname === '/orders/active');
      await page.locator('section[data-page="ordersActive"]').waitFor();
      assertClean(page, 'et', { allow: [401] });
    } finally {
      await page.closeAll();
    }
  });
});

describe('one draft, one order', () => {
  it('Reserve, Back, Reserve (and a reload, and a second tab) gives the same order; Book again starts from the same draft', async () => {
    const tx = texts.en;
    const user = await registerUser(server.url, mailbox, { language: 'en' });
    const page = await open(user, 'en');
    const draft = `/book/station/${viru}/locker/small/standard/neutral/timeframe/${day(3)}T00%3A01/${day(3)}T23%3A59`;
    const reserve = async (p) => {
      await p.getByRole('button', { name: tx.reserve }).click();
      await p.waitForURL(/\/book\/[0-9a-f-]{36}$/);
      return new URL(p.url()).pathname.split('/').at(-1);
    };
    try {
      await page.goto(draft);
      const first = await reserve(page);

      await page.goBack();
      await page.waitForURL((u) => u.pathname.endsWith('/timeframe/' + `${day(3)}T00%3A01/${day(3)}T23%3A59`));
      assert.equal(await reserve(page), first, 'Back + Reserve: the same order');
      await page.getByText(tx.alreadyHeld).waitFor();
      await screenshot(page, 'recovery-en-phone-already-held');

      await page.goto(draft); // a reload of the step
      assert.equal(await reserve(page), first, 'after a reload: the same order');

      const tab = await page.context().newPage();
      await tab.goto(draft);
      await tab.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
      assert.equal(await reserve(tab), first, 'in a second tab: the same order');
      await tab.close();

      const held = (await api(user.token).order.list.query({ scope: 'active' })).filter((o) => o.status === 'reserved');
      assert.deepEqual(held.map((o) => o.uuid), [first], 'the user holds one reserved order');

      // Once the reservation is over, Book again comes back to the same station, locker and times.
      await api(user.token).order.cancel.mutate({ orderUuid: first, note: 'wrong input' });
      await page.goto(`/book/${first}`);
      await page.getByRole('link', { name: tx.bookAgain }).click();
      await page.waitForURL((u) => u.pathname === decodeURIComponent(draft) || u.pathname === draft);
      const second = await reserve(page);
      assert.notEqual(second, first, 'a cancelled draft is booked anew');
      assertClean(page, 'one draft');
    } finally {
      await page.closeAll();
    }
  });
});

describe('a declined payment keeps the booking', () => {
  it('declined on the checkout page: still reserved, the payment step offers the other ways, the link books the same order', async () => {
    const tx = texts.en;
    const user = await registerUser(server.url, mailbox, { language: 'en' });
    const admin = await registerUser(server.url, mailbox, { language: 'en' });
    grantRole(server, admin.email, 'ADMIN');
    // The three free orders spent, so this one costs money.
    await spendFreeOrders(api(user.token));
    const freeNow = async () => (await api(user.token).station.availability.query({ stationUuid: viru, start: day(2), end: day(2) })).products.find(
      (p) => p.height === 'small' && p.type === 'standard' && p.temperature === 'neutral',
    ).free;
    const before = await freeNow();
    const order = await bookDay(api(user.token), 2);
    assert.equal(order.status, 'unpaid');

    const page = await open(user, 'en');
    try {
      await page.goto(`/book/${order.uuid}/method`);
      await page.getByRole('link', { name: tx.payByLink }).click();
      await page.waitForURL('**/demo-pay/checkout/**');
      await page.getByRole('button', { name: tx.demoDecline, exact: true }).click();

      // Back in the app on the payment step: declined, still held, every other way offered at once.
      await page.waitForURL(`**/book/${order.uuid}/method`, { timeout: 20000 });
      await page.getByTestId('payment-declined').filter({ hasText: tx.declined }).waitFor();
      await page.getByText(tx.heldUntil).waitFor();
      await page.getByRole('button', { name: tx.addCard }).waitFor();
      await page.getByRole('link', { name: tx.payByLink }).waitFor();
      await screenshot(page, 'recovery-en-phone-declined');

      const declined = await api(user.token).order.get.query({ orderUuid: order.uuid });
      assert.equal(declined.status, 'unpaid');
      assert.equal(declined.payment.state, 'failed');
      assert.equal(declined.canPay, true);
      assert.equal(declined.reservedUntil, order.reservedUntil, 'the hold is the one it had');
      assert.equal(await freeNow(), before - 1, 'the locker is still held');

      // The one-time link again, for the same order: booked.
      await page.getByRole('link', { name: tx.payByLink }).click();
      await page.waitForURL('**/demo-pay/checkout/**');
      await page.getByRole('button', { name: tx.demoPay, exact: true }).click();
      await page.waitForURL(`**/book/${order.uuid}/done`, { timeout: 20000 });
      await page.getByTestId('done-title').filter({ hasText: tx.booked }).waitFor({ timeout: 15000 });
      const booked = await api(user.token).order.get.query({ orderUuid: order.uuid });
      assert.equal(booked.status, 'booked');
      assert.equal(booked.payment.paidCents, order.payment.dueCents);
      assert.equal(await freeNow(), before - 1, 'one locker for the order, no more');

      // The operator's view: one payment failed, one paid.
      const detail = await adminApi(admin.token).orders.get.query({ orderUuid: order.uuid });
      assert.deepEqual(detail.payments.map((p) => p.state).sort(), ['failed', 'paid']);
      assertClean(page, 'declined and paid');
    } finally {
      await page.closeAll();
    }
  });
});

describe('the extend screen offers only the ends the server accepts', () => {
  const latest = { en: /It can be extended until .+ at the latest\./, et: /Pikendada saab kõige kauem kuni .+\./ };
  for (const lang of ['en', 'et']) {
    it(`${lang}: no end past the 31-day limit is listed, and the latest end is stated`, async () => {
      const user = await registerUser(server.url, mailbox, { language: lang });
      const order = await bookDay(api(user.token), 2);
      assert.equal(order.status, 'booked');
      const page = await open(user, lang);
      try {
        await page.goto(`/order/${order.uuid}/${order.lockers[0].uuid}/extend`);
        const end = page.locator('fieldset').filter({ has: page.locator('select') });
        await page.getByText(latest[lang]).first().waitFor();
        const offered = await end.locator('select option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
        assert.ok(offered.length > 0, 'some ends are offered');
        assert.ok(!offered.includes(day(34)), `an end past the limit is offered: ${offered.at(-1)}`);
        assert.ok(offered.every((d) => d <= day(33)), `the last end offered: ${offered.at(-1)}`);
        await screenshot(page, `recovery-${lang}-phone-extend-max`);
        assertClean(page, 'extend');
      } finally {
        await page.closeAll();
      }
    });
  }
});
