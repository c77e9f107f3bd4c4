// The route rules for signed-in people, in a real browser against the real binary:
// every pre-checked route shows a signed-in user its own content and main action
// in English and Estonian without console errors
// (with a real order of theirs for the order routes); admin-only
// routes send a non-admin to / and let an admin in, with the Admin menu entry shown
// only to admins.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { launch, newPage, viewports } from '../lib/browser.mjs';
import { bookDay, viru as station } from '../lib/booking.mjs';
import { languageTag, open as openPage } from '../lib/pages.mjs';
import { lockerdBin, startLockerd } from '../lib/lockerd.mjs';
import { button, expectScreen, link, linkTo, say, screen } from '../lib/screens.mjs';
import { startMailbox } from '../lib/mailbox.mjs';
import { client } from '../lib/trpc.mjs';

// The back office's screens (issue 15; admin.test.mjs does their actions).
const adminPages = {
  '/admin': 'admin',
  '/admin/users': 'adminUsers',
  '/admin/orders': 'adminOrders',
  '/admin/reserved': 'adminReserved',
  '/admin/stations': 'adminStations',
  '/admin/events': 'adminEvents',
  '/admin/issues': 'adminIssues',
  '/admin/coupons': 'adminCoupons',
  '/admin/statistics': 'adminStatistics',
  '/admin/help': 'adminHelp',
};
const adminRoutes = Object.keys(adminPages);

let server;
let mailbox;
let browser;
let user;
let admin;
let orderUuid;
let lockerUuid;
// An order that waits for payment (the free orders are spent) and a saved card, for the payment screens.
let unpaidUuid;
let unpaidLockerUuid;
let cardUuid;
// One customer per language, each with the orders and card above, so that both languages' routes are
// visited at the same time (the account's language wins at session start, spec §9).
let customers;

before(async () => {
  mailbox = await startMailbox();
  server = await startLockerd({ env: { SMTP_URL: mailbox.smtpURL } });
  [user, admin] = await Promise.all([registerUser(server.url, mailbox), registerUser(server.url, mailbox)]);
  const granted = spawnSync(lockerdBin, ['grant-role', admin.email, 'ADMIN'], {
    env: { PATH: process.env.PATH, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'error', DEMO_SEED: 'false' },
    encoding: 'utf8',
  });
  assert.equal(granted.status, 0, granted.stderr);
  const [en, et] = await Promise.all([customer(user, 'en'), customer(await registerUser(server.url, mailbox), 'et')]);
  customers = { en, et };
  ({ orderUuid, lockerUuid, unpaidUuid, unpaidLockerUuid, cardUuid } = en);
  browser = await launch();
});

/** customer gives account one confirmed order for tomorrow, one unpaid order and a saved card; its language is lang. */
async function customer(account, lang) {
  const { trpc } = client(`${server.url}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${account.token}` } });
  await trpc.auth.update.mutate({ language: lang });
  const order = await bookDay(trpc, 1);
  // The other two free orders, then one to pay.
  await bookDay(trpc, 2);
  await bookDay(trpc, 3);
  const unpaid = await bookDay(trpc, 4);
  assert.equal(unpaid.status, 'unpaid');
  // A card saved on the demo provider's page, posted as the browser would.
  const added = await trpc.paymentMethod.add.mutate({});
  const saved = await fetch(added.url, { method: 'POST', body: new URLSearchParams({ action: 'save', card: 'works' }), redirect: 'manual' });
  assert.equal(saved.status, 303);
  return {
    account,
    orderUuid: order.uuid,
    lockerUuid: order.lockers[0].uuid,
    unpaidUuid: unpaid.uuid,
    unpaidLockerUuid: unpaid.lockers[0].uuid,
    cardUuid: added.paymentMethod.uuid,
  };
}

after(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
});

const open = (who, lang, path, viewport = viewports.phone) => openPage(browser, server.url, { token: who.token, lang, path, viewport });

describe('signed in', () => {
  // What each pre-checked route shows this user, who has one confirmed order for
  // tomorrow (from the first-3-free pack) and no default station.
  const screens = ({ orderUuid, lockerUuid, unpaidUuid, unpaidLockerUuid, cardUuid }) => {
    const locker = `/order/${orderUuid}/${lockerUuid}`;
    const lockerScreen = (page) =>
      screen(page, { texts: [say('Access codes', 'Ligipääsukoodid')], action: link(say('Extend', 'Pikenda'), `${locker}/extend`) });
    const emptyHistory = (page) =>
      screen(page, { texts: [say('No past orders yet.', 'Varasemaid tellimusi veel ei ole.')], action: link(say('Book a locker', 'Broneeri kapp'), '/book') });
    const save = say('Save', 'Salvesta');
    const payWithCard = (page) =>
      screen(page, { shows: [`[data-payment-method="${cardUuid}"]`], action: button(say(/^Pay €\d+\.\d\d with this card$/, /^Maksa selle kaardiga /)) });
    return {
      '/': screen('home', { action: link(say('Choose a station', 'Vali jaam'), '/book/station') }),
      '/book': screen('book', { action: linkTo(`a[href="/book/station/${station}"]`) }),
      '/book/station': screen('bookStations', { action: linkTo(`a[href="/book/station/${station}"]`) }),
      [`/book/station/${station}`]: screen('bookStation', { action: linkTo(`a[href^="/book/station/${station}/locker/"]`) }),
      [`/book/station/${station}/locker/small/standard/cool/timeframe`]: screen('bookTimeframe', {
        action: button(say('Reserve this locker', 'Broneeri see kapp')),
      }),
      // A confirmed order has nothing left to decide in the booking flow: its locker shows.
      [`/book/${orderUuid}`]: lockerScreen('orderLocker'),
      [`/book/${orderUuid}/confirm`]: screen('bookConfirm', {
        texts: [say('This order can no longer be confirmed.', 'Seda tellimust ei saa enam kinnitada.')],
        action: link(say('View order', 'Vaata tellimust'), `/book/${orderUuid}`),
      }),
      [`/book/${orderUuid}/done`]: screen('bookDone', {
        texts: [say('Your locker is booked!', 'Sinu kapp on broneeritud!')],
        shows: ['[data-testid="delivery-code"]'],
        action: link(say('View order', 'Vaata tellimust'), locker),
      }),
      // A paid (here: free) order has nothing to pay: the choice forwards to its done screen.
      [`/book/${orderUuid}/method`]: screen('bookDone', { texts: [say('Your locker is booked!', 'Sinu kapp on broneeritud!')] }),
      [`/book/${unpaidUuid}/method`]: screen('bookMethod', {
        texts: [say('Your booking at Viru Keskus', 'Sinu broneering asukohas Viru Keskus')],
        action: button(say(/^Pay €\d+\.\d\d with Visa •••• 4242$/, /^Maksa \d+,\d\d € kaardiga Visa •••• 4242$/)),
      }),
      [`/book/${unpaidUuid}/payments`]: screen('bookPayments', {
        shows: [`[data-payment-method="${cardUuid}"]`],
        action: link(say('Add a card', 'Lisa kaart'), `/book/${unpaidUuid}/payments/add`),
      }),
      [`/book/${unpaidUuid}/payments/add`]: screen('bookPaymentAdd', {
        texts: [say('Your card is added on the payment provider’s secure page', 'Kaart lisatakse makseteenuse pakkuja turvalisel lehel')],
        action: button(say('Continue to the payment page', 'Jätka makselehele')),
      }),
      [`/book/${unpaidUuid}/payments/${cardUuid}`]: payWithCard('bookPayment'),
      // A saved card has nothing to finish: its prepare screen shows the card instead.
      [`/book/${unpaidUuid}/payments/${cardUuid}/prepare`]: payWithCard('bookPayment'),
      [`/book/${unpaidUuid}/payments/${cardUuid}/done`]: screen('bookPaymentDone', {
        texts: [say('Your card is saved', 'Sinu kaart on salvestatud')],
        action: button(say(/^Pay €\d+\.\d\d with this card$/, /^Maksa selle kaardiga /)),
      }),
      '/orders': screen('orders', { action: linkTo(`a[href="${locker}"]`) }),
      '/orders/active': screen('ordersActive', { action: linkTo(`a[href="${locker}"]`) }),
      '/orders/history': emptyHistory('ordersHistory'),
      '/history': emptyHistory('history'),
      '/notifications': screen('notifications', { action: button(say('Mark all as read', 'Märgi kõik loetuks')) }),
      [locker]: lockerScreen('orderLocker'),
      [`/order/history/${orderUuid}/${lockerUuid}`]: lockerScreen('orderHistoryLocker'),
      [`${locker}/extend`]: screen('orderExtend', { action: button(say('Extend booking', 'Pikenda broneeringut')) }),
      // The order starts tomorrow: the server refuses a door intent before the booked time, so the screen says
      // why instead of asking (doors.test.mjs and offline.test.mjs ask and open within the booked time).
      [`${locker}/open`]: screen('orderOpen', {
        texts: [say('The door opens only during your booked time.', 'Uks avaneb ainult broneeritud ajal.')],
        action: link(say('Back to the locker', 'Tagasi kapi juurde'), locker),
      }),
      [`/order/${orderUuid}/payment`]: screen('orderPayment', {
        texts: [say('This order is paid. There is nothing to pay now.', 'See tellimus on makstud. Praegu pole midagi maksta.')],
        action: link(say('Go to the order', 'Ava tellimus'), locker),
      }),
      [`/order/${unpaidUuid}/payment`]: screen('orderPayment', {
        texts: [say('Your booking at Viru Keskus', 'Sinu broneering asukohas Viru Keskus')],
        action: link(say(/^Pay €\d+\.\d\d once via a link$/, /^Maksa \d+,\d\d € ühekordse lingiga$/), `/order/${unpaidUuid}/${unpaidLockerUuid}/one-off`),
      }),
      [`/order/${unpaidUuid}/${unpaidLockerUuid}`]: screen('orderLocker', {
        shows: ['[data-testid="payment-status"]'],
        action: link(say(/^Pay €\d+\.\d\d$/, /^Maksa \d+,\d\d €$/), `/order/${unpaidUuid}/payment`),
      }),
      '/profile': screen('profile', { action: button(say('Sign out', 'Logi välja')) }),
      // A settings row's name is its label followed by its value.
      '/profile/personal': screen('profilePersonal', { action: link(say(/^Name/, /^Nimi/), '/profile/personal/name') }),
      '/profile/personal/name': screen('profileName', { texts: [say('First name', 'Eesnimi')], action: button(save) }),
      '/profile/personal/phone': screen('profilePhone', { action: button(say('Send the code', 'Saada kood')) }),
      // Save stays off until a station is chosen: choosing one is the action.
      '/profile/station': screen('profileStation', { action: { role: 'radio', name: say(/Viru Keskus/, /Viru Keskus/) } }),
      '/profile/language': screen('profileLanguage', { action: { role: 'radio', name: say(/Eesti/, /Eesti/) } }),
      '/profile/delete': screen('profileDelete', { action: button(say('Delete my account', 'Kustuta minu konto')) }),
      '/issues': screen('issues', { action: button(say('Send report', 'Saada teade')) }),
      '/payment/methods': screen('paymentMethods', {
        shows: [`[data-payment-method="${cardUuid}"] [data-method-state="active"]`],
        action: button(say('Add a card', 'Lisa kaart')),
      }),
      '/coupons': screen('coupons', { shows: ['[data-coupon]'], action: button(say('Add', 'Lisa')) }),
      '/products': screen('products', { action: link(say('Book at this station', 'Broneeri selles jaamas'), `/book/station/${station}`) }),
    };
  };

  // The routes that forward: the booking flow sends a confirmed order to its locker and its payment choice to
  // its done screen, a saved card's prepare screen to the card. Every other route stays.
  const forwards = ({ orderUuid, lockerUuid, unpaidUuid, cardUuid }) => ({
    [`/book/${orderUuid}`]: `/order/${orderUuid}/${lockerUuid}`,
    [`/book/${orderUuid}/method`]: `/book/${orderUuid}/done`,
    [`/book/${unpaidUuid}/payments/${cardUuid}/prepare`]: `/book/${unpaidUuid}/payments/${cardUuid}`,
  });

  it('every pre-checked route shows a signed-in user its content and main action in English and Estonian', async () => {
    // Both languages at once, each with its own customer and one page (a fresh browser context per route
    // would fetch and compile the whole app again each time). English loads every route as a new document
    // (a link from outside, a reload); Estonian, which checks the same screens' words, reaches them inside
    // the app after its first load, as its menu and links do.
    await Promise.all(['en', 'et'].map(async (lang) => {
      const c = customers[lang];
      const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: c.account.token, language: languageTag(lang) } });
      let loaded = false;
      try {
        for (const [path, spec] of Object.entries(screens(c))) {
          page.problems.length = 0;
          if (lang === 'et' && loaded) await page.navigate(path);
          else {
            await page.goto(path);
            await page.settle();
          }
          loaded = true;
          // Where the route lands first: a forward still under way would otherwise land after the next
          // route's in-app navigation, and the screen before it (the same one, for a forward to the
          // previous route) would pass for this one.
          const lands = forwards(c)[path] ?? path;
          await page.waitForURL((u) => u.pathname === lands, { timeout: 10000 });
          await expectScreen(page, spec, lang);
          assert.equal(new URL(page.url()).pathname, lands, `${path} (${lang}) ends on ${lands}`);
          assert.equal(await page.evaluate(() => document.documentElement.lang), languageTag(lang));
          // The open screen's refused intent (409, the order starts tomorrow) is the answer it shows, not a fault.
          const expected = (p) => path.endsWith('/open') && /locker\.openIntent|status of 409/.test(p);
          assert.deepEqual(page.problems.filter((p) => !expected(p)), [], `${path} (${lang}) loaded cleanly`);
        }
      } finally {
        await page.closeAll();
      }
    }));
  });

  it('the one-time link screens say the redirect may take up to 10 seconds, then open the provider page', async () => {
    const { trpc } = client(`${server.url}/c-core/trpc/hybrid`, 'httpLink', { headers: { authorization: `Bearer ${user.token}` } });
    const wait = say('The redirect may take up to 10 seconds. Please keep this page open.', 'Suunamine võib võtta kuni 10 sekundit. Palun hoia see leht avatud.');
    for (const [lang, path, id] of [
      ['en', `/book/${unpaidUuid}/prepare`, 'bookPrepare'],
      ['et', `/order/${unpaidUuid}/${unpaidLockerUuid}/one-off`, 'orderOneOff'],
    ]) {
      // The account's language wins at session start: set it.
      await trpc.auth.update.mutate({ language: lang });
      const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: languageTag(lang) } });
      try {
        // The link is held back until the screen has been seen, then it leaves.
        let release;
        const held = new Promise((r) => (release = r));
        await page.route('**/c-core/trpc/hybrid/order.paymentLink**', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(path);
        await page.locator(`section[data-page="${id}"]`).getByText(wait[lang]).waitFor();
        release();
        await page.waitForURL('**/demo-pay/checkout/**');
        assert.deepEqual(page.problems, [], `${path} (${lang}) went to the provider cleanly`);
      } finally {
        await page.closeAll();
      }
    }
  });

  it('admin-only routes send a non-admin to / and let an admin in', async () => {
    // One page per account, each route loaded into it as a new document (a deep link); a fresh context per
    // route fetched and compiled the whole app twenty times.
    const plain = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: languageTag('en') } });
    const boss = await newPage(browser, server.url, { viewport: viewports.desktop, storage: { Bearer: admin.token, language: languageTag('et') } });
    try {
      for (const path of adminRoutes) {
        await plain.goto(path);
        await plain.settle();
        await plain.locator('h1').first().waitFor();
        assert.equal(new URL(plain.url()).pathname, '/', `${path} sent the non-admin home`);
        boss.problems.length = 0;
        await boss.goto(path);
        await boss.settle();
        assert.equal(new URL(boss.url()).pathname, path, `${path} admitted the admin`);
        // The admin's account language (English) wins over this device's Estonian (spec §9).
        await expectScreen(boss, screen(adminPages[path]), 'en');
        assert.deepEqual(boss.problems, [], `${path} loaded cleanly for the admin`);
      }
      assert.deepEqual(plain.problems, [], 'the non-admin was sent home cleanly');
    } finally {
      await plain.closeAll();
      await boss.closeAll();
    }
  });

  it('keeps the menu mounted while moving between pages, public and signed-in', async () => {
    const page = await open(user, 'en', '/orders', viewports.desktop);
    try {
      // A mark on the menu's DOM node survives only if React keeps the layout mounted.
      await page.locator('aside nav').first().evaluate((nav) => (nav.dataset.mark = 'kept'));
      for (const href of ['/help', '/book', '/about', '/orders']) {
        await page.locator(`aside nav a[href="${href}"]`).first().click();
        await page.waitForURL((u) => u.pathname === href);
        await page.locator('h1').first().waitFor();
        assert.equal(await page.locator('aside nav[data-mark="kept"]').count(), 1, `menu kept on ${href}`);
      }
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('shows the Admin menu entry to admins only', async () => {
    const plain = await open(user, 'en', '/about', viewports.desktop);
    assert.equal(await plain.locator('a[href="/admin"]').count(), 0);
    await plain.closeAll();
    const boss = await open(admin, 'en', '/about', viewports.desktop);
    assert.ok((await boss.locator('a[href="/admin"]').count()) > 0);
    await boss.closeAll();
  });
});
