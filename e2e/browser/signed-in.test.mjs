// The route rules for signed-in people, in a real browser against the real binary:
// every pre-checked route shows a signed-in user its own content and main action (or
// is asserted to be a placeholder) in English and Estonian without console errors
// (with a real order of theirs for the order routes); admin-only
// routes send a non-admin to / and let an admin in, with the Admin menu entry shown
// only to admins.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { launch, newPage, viewports } from '../lib/browser.mjs';
import { lockerdBin, startLockerd } from '../lib/lockerd.mjs';
import { button, expectScreen, link, linkTo, placeholder, say, screen } from '../lib/screens.mjs';
import { startMailbox } from '../lib/mailbox.mjs';
import { client } from '../lib/trpc.mjs';

const station = '11111111-1111-4111-8111-000000000001';
const method = '44444444-4444-4444-8444-000000000004';
const languages = { en: 'en-US', et: 'et' };
// The back office is still to be built (later issues): every screen is a placeholder.
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
};
const adminRoutes = Object.keys(adminPages);

let server;
let mailbox;
let browser;
let user;
let admin;
let orderUuid;
let lockerUuid;

function tomorrow() {
  return new Date(Date.now() + 86400000).toISOString().slice(0, 10);
}

before(async () => {
  mailbox = await startMailbox();
  server = await startLockerd({ env: { SMTP_URL: mailbox.smtpURL } });
  [user, admin] = await Promise.all([registerUser(server.url, mailbox), registerUser(server.url, mailbox)]);
  const granted = spawnSync(lockerdBin, ['grant-role', admin.email, 'ADMIN'], {
    env: { PATH: process.env.PATH, DATABASE_URL: `sqlite:${join(server.dir, 'lockers.db')}`, LOG_LEVEL: 'error', DEMO_SEED: 'false' },
    encoding: 'utf8',
  });
  assert.equal(granted.status, 0, granted.stderr);
  const { trpc } = client(`${server.url}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${user.token}` } });
  const order = await trpc.order.create.mutate({ stationUuid: station, height: 'small', type: 'standard', temperature: 'neutral', start: tomorrow(), end: tomorrow() });
  await trpc.order.confirm.mutate({ orderUuid: order.uuid, acceptTerms: true });
  orderUuid = order.uuid;
  lockerUuid = order.lockers[0].uuid;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
});

async function open(who, lang, path, viewport = viewports.phone) {
  const page = await newPage(browser, server.url, { viewport, storage: { Bearer: who.token, language: languages[lang] } });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  return page;
}

describe('signed in', () => {
  // What each pre-checked route shows this user, who has one confirmed order for
  // tomorrow (from the first-3-free pack) and no default station.
  const screens = () => {
    const locker = `/order/${orderUuid}/${lockerUuid}`;
    const lockerScreen = (page) =>
      screen(page, { texts: [say('Access codes', 'Ligipääsukoodid')], action: link(say('Extend', 'Pikenda'), `${locker}/extend`) });
    const emptyHistory = (page) =>
      screen(page, { texts: [say('No past orders yet.', 'Varasemaid tellimusi veel ei ole.')], action: link(say('Book a locker', 'Broneeri kapp'), '/book') });
    const save = say('Save', 'Salvesta');
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
      [`/book/${orderUuid}/method`]: placeholder('bookMethod'),
      [`/book/${orderUuid}/payments`]: placeholder('bookPayments'),
      [`/book/${orderUuid}/payments/add`]: placeholder('bookPaymentAdd'),
      [`/book/${orderUuid}/payments/${method}`]: placeholder('bookPayment'),
      [`/book/${orderUuid}/prepare`]: placeholder('bookPrepare'),
      '/orders': screen('orders', { action: linkTo(`a[href="${locker}"]`) }),
      '/orders/active': screen('ordersActive', { action: linkTo(`a[href="${locker}"]`) }),
      '/orders/history': emptyHistory('ordersHistory'),
      '/history': emptyHistory('history'),
      '/notifications': placeholder('notifications'),
      [locker]: lockerScreen('orderLocker'),
      [`/order/history/${orderUuid}/${lockerUuid}`]: lockerScreen('orderHistoryLocker'),
      [`${locker}/one-off`]: placeholder('orderOneOff'),
      [`${locker}/extend`]: screen('orderExtend', { action: button(say('Extend booking', 'Pikenda broneeringut')) }),
      [`${locker}/open`]: placeholder('orderOpen'),
      [`/order/${orderUuid}/payment`]: placeholder('orderPayment'),
      '/profile': screen('profile', { action: button(say('Sign out', 'Logi välja')) }),
      // A settings row's name is its label followed by its value.
      '/profile/personal': screen('profilePersonal', { action: link(say(/^Name/, /^Nimi/), '/profile/personal/name') }),
      '/profile/personal/name': screen('profileName', { texts: [say('First name', 'Eesnimi')], action: button(save) }),
      '/profile/personal/phone': screen('profilePhone', { action: button(say('Send the code', 'Saada kood')) }),
      // Save stays off until a station is chosen: choosing one is the action.
      '/profile/station': screen('profileStation', { action: { role: 'radio', name: say(/Viru Keskus/, /Viru Keskus/) } }),
      '/profile/language': screen('profileLanguage', { action: { role: 'radio', name: say(/Eesti/, /Eesti/) } }),
      '/profile/delete': screen('profileDelete', { action: button(say('Delete my account', 'Kustuta minu konto')) }),
      '/issues': placeholder('issues'),
      '/payment/methods': placeholder('paymentMethods'),
      '/coupons': screen('coupons', { shows: ['[data-coupon]'], action: button(say('Add', 'Lisa')) }),
      '/products': screen('products', { action: link(say('Book', 'Broneeri'), `/book/station/${station}`) }),
    };
  };

  it('every pre-checked route shows a signed-in user its content and main action in English and Estonian', async () => {
    const { trpc } = client(`${server.url}/c-core/trpc/hybrid`, 'httpLink', { headers: { authorization: `Bearer ${user.token}` } });
    for (const lang of Object.keys(languages)) {
      // The account's language wins over this device's at session start (spec §9).
      await trpc.auth.update.mutate({ language: lang });
      for (const [path, spec] of Object.entries(screens())) {
        const page = await open(user, lang, path);
        await expectScreen(page, spec, lang);
        // The booking flow forwards a confirmed order to its order page; every other route stays.
        if (!path.startsWith(`/book/${orderUuid}`)) {
          assert.equal(new URL(page.url()).pathname, path, `${path} (${lang}) stayed put`);
        }
        assert.equal(await page.evaluate(() => document.documentElement.lang), languages[lang]);
        assert.deepEqual(page.problems, [], `${path} (${lang}) loaded cleanly`);
        await page.closeAll();
      }
    }
  });

  it('admin-only routes send a non-admin to / and let an admin in', async () => {
    for (const path of adminRoutes) {
      const page = await open(user, 'en', path);
      assert.equal(new URL(page.url()).pathname, '/', `${path} sent the non-admin home`);
      await page.closeAll();
      const adminPage = await open(admin, 'et', path, viewports.desktop);
      assert.equal(new URL(adminPage.url()).pathname, path, `${path} admitted the admin`);
      // The admin's account language (English) wins over this device's Estonian (spec §9).
      await expectScreen(adminPage, placeholder(adminPages[path]), 'en');
      assert.deepEqual(adminPage.problems, [], `${path} loaded cleanly for the admin`);
      await adminPage.closeAll();
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
