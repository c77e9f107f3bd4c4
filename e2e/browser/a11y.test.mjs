// axe (WCAG 2.1 A and AA rules, axe-core 4.14: label-content-name-mismatch included) on
// every consumer route, in English and Estonian, on a phone and on a desktop (whose
// layout has the side menu): no serious or critical violation may remain (issues 14
// and 28). Routes that need data get a real user with a booked and a reserved order.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { analyze } from '../lib/axe.mjs';
import { newPage, viewports } from '../lib/browser.mjs';
import { consumer, station } from '../lib/consumer.mjs';
import { day } from '../lib/dates.mjs';
import { stackForFile } from '../lib/stack.mjs';

const stack = await stackForFile();
const { server, mailbox, browser } = stack;
let who;

before(async () => {
  // The account's language wins when a session starts (spec §9): one consumer per language.
  who = { en: await consumer(server.url, mailbox, 'en'), et: await consumer(server.url, mailbox, 'et') };
});

const signedOut = [
  '/tutorial', '/tutorial/welcome', '/tutorial/receive', '/tutorial/send', '/tutorial/store',
  '/login', '/register', '/register/verify', '/register/password', '/reset', '/reset/verify',
  '/terms', '/privacy', '/about', '/help', '/guide', '/help/not-found', `/kiosk/${station}`,
  '/callback/payment/success', '/no/such/page',
];
const signedIn = (c) => [
  '/', '/book', '/book/station', `/book/station/${station}`,
  `/book/station/${station}/locker/small/standard/neutral/timeframe`,
  `/book/station/${station}/locker/small/standard/neutral/timeframe/${day(2)}T00%3A01/${day(40)}T23%3A59`,
  `/book/station/${station}/locker/huge/standard/neutral/timeframe`,
  `/book/${c.reserved}`, `/book/${c.reserved}/confirm`, `/book/${c.order}/done`,
  '/orders/active', '/orders/history', '/notifications',
  `/order/${c.order}/${c.locker}`, `/order/${c.order}/${c.locker}/extend`, `/order/${c.order}/${c.locker}/open`,
  `/order/${c.order}/${c.order}`,
  '/profile', '/profile/personal', '/profile/personal/name', '/profile/personal/phone', '/profile/station',
  '/profile/language', '/profile/delete', '/coupons', '/products', '/payment/methods', '/issues',
];

/** serious lists axe's serious and critical violations on the page, one line each. */
async function serious(page) {
  // axe.run in the page itself, injected once per document (lib/axe.mjs).
  const { violations } = await analyze(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of ['en', 'et']) {
  describe(`accessibility (${lang})`, () => {
    for (const [who_, paths, viewport] of [
      ['signed out', () => signedOut, 'phone'],
      ['signed in', () => signedIn(who[lang]), 'phone'],
      ['signed out', () => signedOut, 'desktop'],
      ['signed in', () => signedIn(who[lang]), 'desktop'],
    ]) {
      it(`has no serious or critical axe violation on any route, ${who_}, on a ${viewport}`, async () => {
        const storage = { language: lang === 'et' ? 'et' : 'en-US', ...(who_ === 'signed in' ? { Bearer: who[lang].token } : {}) };
        const page = await newPage(browser, server.url, { viewport: viewports[viewport], storage });
        const found = [];
        try {
          // The first route loads the app; the others are reached inside it, as the menu
          // would (routes.test.mjs and signed-in.test.mjs load every route from scratch).
          let loaded = false;
          for (const path of paths()) {
            if (loaded) await page.navigate(path);
            else await page.goto(path);
            loaded = true;
            await page.locator('section[data-page] h1, main h1').first().waitFor({ timeout: 10000 });
            await page.settle();
            assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'et' ? 'et' : 'en-US', `${path} is in ${lang}`);
            for (const v of await serious(page)) found.push(`${path}: ${v}`);
          }
        } finally {
          await page.closeAll();
        }
        assert.equal(found.length, 0, `\n${found.join('\n')}`);
      });
    }
  });
}
