// The route rules for signed-in people, in a real browser against the real binary:
// every pre-checked route renders in English and Estonian without console errors
// for a signed-in user (with a real order of theirs for the order routes); admin-only
// routes send a non-admin to / and let an admin in, with the Admin menu entry shown
// only to admins.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { launch, newPage, viewports } from '../lib/browser.mjs';
import { lockerdBin, startLockerd } from '../lib/lockerd.mjs';
import { startMailbox } from '../lib/mailbox.mjs';
import { client } from '../lib/trpc.mjs';

const station = '11111111-1111-4111-8111-000000000001';
const method = '44444444-4444-4444-8444-000000000004';
const languages = { en: 'en-US', et: 'et' };
const adminRoutes = ['/admin', '/admin/users', '/admin/orders', '/admin/reserved', '/admin/stations', '/admin/events', '/admin/issues', '/admin/coupons', '/admin/statistics'];

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
  const routes = () => [
    '/', '/book', '/book/station', `/book/station/${station}`,
    `/book/station/${station}/locker/small/standard/cool/timeframe`,
    `/book/${orderUuid}`, `/book/${orderUuid}/confirm`, `/book/${orderUuid}/done`,
    `/book/${orderUuid}/method`, `/book/${orderUuid}/payments`, `/book/${orderUuid}/payments/add`,
    `/book/${orderUuid}/payments/${method}`, `/book/${orderUuid}/prepare`,
    '/orders', '/orders/active', '/orders/history', '/history', '/notifications',
    `/order/${orderUuid}/${lockerUuid}`, `/order/history/${orderUuid}/${lockerUuid}`,
    `/order/${orderUuid}/${lockerUuid}/one-off`, `/order/${orderUuid}/${lockerUuid}/extend`,
    `/order/${orderUuid}/${lockerUuid}/open`, `/order/${orderUuid}/payment`,
    '/profile', '/profile/personal', '/profile/personal/name', '/profile/personal/phone',
    '/profile/station', '/profile/language', '/profile/delete',
    '/issues', '/payment/methods', '/coupons', '/products',
  ];

  it('every pre-checked route renders for a signed-in user in English and Estonian', async () => {
    const { trpc } = client(`${server.url}/c-core/trpc/hybrid`, 'httpLink', { headers: { authorization: `Bearer ${user.token}` } });
    for (const lang of Object.keys(languages)) {
      // The account's language wins over this device's at session start (spec §9).
      await trpc.auth.update.mutate({ language: lang });
      for (const path of routes()) {
        const page = await open(user, lang, path);
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
