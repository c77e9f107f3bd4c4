// Every public route of spec §2 shows its own content and main action (or is asserted
// to be a placeholder) in English and in Estonian without console errors, and the route
// rules hold for a signed-out visitor: pre-checked routes send them to
// /login and remember the path in pre_login_url; the update gate holds everyone on
// /update while the server requires a newer app and lets them go once it does not.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launch, newPage, screenshot, viewports } from '../lib/browser.mjs';
import { startLockerd } from '../lib/lockerd.mjs';
import { button, expectScreen, link, say, screen } from '../lib/screens.mjs';

import { viru as station } from '../lib/booking.mjs';
import { languageTag, open } from '../lib/pages.mjs';
const order = '22222222-2222-4222-8222-000000000002';
const orderLocker = '33333333-3333-4333-8333-000000000003';
const method = '44444444-4444-4444-8444-000000000004';

// Routes anyone may open (no pre-check), with sample parameters, and what each shows
// a signed-out visitor: its own content and main action, or that it is a placeholder.
// The registration and reset steps after the code have no flow started in this tab, so
// each says it has expired and leads back to the flow's start.
const expired = (page, restart) =>
  screen(page, { texts: [say('This step has expired', 'See samm on aegunud')], action: link(say('Start again', 'Alusta uuesti'), restart) });
const next = say('Next', 'Edasi');
const askEmail = say('Opened in a new tab?', 'Avasid uues vahelehes?');
const processed = say('Processed. You can close this tab and move back to app.', 'Töödeldud. Võid selle vahelehe sulgeda ja rakendusse naasta.');

const publicRoutes = {
  '/tutorial': screen('tutorial', { action: link(say('Show me how it works', 'Näita, kuidas see toimib'), '/tutorial/welcome') }),
  '/tutorial/welcome': screen('tutorialWelcome', { action: link(next, '/tutorial/receive') }),
  '/tutorial/receive': screen('tutorialReceive', { action: link(next, '/tutorial/send') }),
  '/tutorial/send': screen('tutorialSend', { action: link(next, '/tutorial/store') }),
  '/tutorial/store': screen('tutorialStore', { action: link(say('Create an account', 'Loo konto'), '/register') }),
  '/login': screen('login', { texts: [say('Forgot your password?', 'Unustasid parooli?')], action: button(say('Sign in', 'Logi sisse')) }),
  // Opened without a token (or a spent one), the unlock link says so and leads to sign-in.
  '/login/unlock': screen('unlock', {
    texts: [say('This unlock link has already been used or has expired.', 'Seda avamislinki on juba kasutatud või see on aegunud.')],
    action: link(say('Sign in', 'Logi sisse'), '/login'),
  }),
  '/register': screen('register', { action: button(say('Send me a code', 'Saada mulle kood')) }),
  // The code step opened in a new tab asks which address the code went to (issue 14).
  '/register/verify': screen('registerVerify', { texts: [askEmail], action: button(say('Continue', 'Jätka')) }),
  '/register/password': expired('registerPassword', '/register'),
  '/register/profile': expired('registerProfile', '/register'),
  '/register/station': expired('registerStation', '/register'),
  '/register/done': screen('registerDone', { action: link(say('Book a locker', 'Broneeri kapp'), '/book') }),
  '/reset': screen('reset', { action: button(say('Send me a code', 'Saada mulle kood')) }),
  '/reset/verify': screen('resetVerify', { texts: [askEmail], action: button(say('Continue', 'Jätka')) }),
  '/reset/password': expired('resetPassword', '/reset'),
  '/guide': screen('guide', { texts: [say('Get your codes', 'Saa oma koodid')], action: link(say('Book a locker', 'Broneeri kapp'), '/book') }),
  '/help': screen('help', { texts: [say('Renting a locker', 'Kapi rentimine')], action: button(say('Search', 'Otsi')) }),
  '/help/list/renting/booking': screen('helpList', {
    texts: [say('Choosing a station and a locker', 'Jaama ja kapi valimine')],
    action: link(say('Booking and paying', 'Broneerimine ja maksmine'), '/help/content/renting/booking/book-and-pay'),
  }),
  '/help/content/renting/opening/door-does-not-open': screen('helpContent', {
    texts: [say('Check the time.', 'Kontrolli aega.')],
    action: link(say('Opening the door', 'Ukse avamine'), '/help/list/renting/opening'),
  }),
  '/help/not-found': screen('helpNotFound', { action: link(say('Back to help', 'Tagasi abi juurde'), '/help') }),
  // The language switch is named in each language itself, so "Eesti" in both.
  '/about': screen('about', { texts: [say('App version', 'Rakenduse versioon')], action: button(say('Eesti', 'Eesti')) }),
  // The station kiosk: no sign-in, a keypad (the Open button waits for six digits).
  [`/kiosk/${station}`]: screen('kiosk', { texts: [say('Type your code', 'Sisesta oma kood')], action: button(say('Digit 1', 'Number 1')) }),
  '/callback/payment/success': screen('callbackPayment', { texts: [processed] }),
  '/callback/order-payment/failed': screen('callbackOrderPayment', { texts: [processed] }),
  '/callback/method/cancelled': screen('callbackMethod', { texts: [processed] }),
  // Documents: their own sections, nothing to do but read.
  '/terms': screen('terms', { texts: [say('Booking a locker', 'Kapi broneerimine')] }),
  '/privacy': screen('privacy', { texts: [say('Your rights', 'Sinu õigused')] }),
  '/no/such/page': screen('notFound', { action: link(say('Go to the home page', 'Mine avalehele'), '/') }),
};

// Pre-checked routes: a signed-out visitor must land on /login.
const guardedRoutes = [
  '/',
  '/book',
  '/book/station',
  `/book/station/${station}`,
  `/book/station/${station}/locker/small/standard/cool/timeframe`,
  `/book/station/${station}/locker/big/standard/warm/timeframe/2026-12-01T00:01/2026-12-02T23:59`,
  `/book/${order}`,
  `/book/${order}/confirm`,
  `/book/${order}/done`,
  `/book/${order}/method`,
  `/book/${order}/payments`,
  `/book/${order}/payments/${method}`,
  `/book/${order}/payments/add`,
  `/book/${order}/payments/${method}/prepare`,
  `/book/${order}/payments/${method}/done`,
  `/book/${order}/prepare`,
  '/orders',
  '/orders/active',
  '/orders/history',
  '/history',
  '/notifications',
  `/order/${order}/${orderLocker}`,
  `/order/history/${order}/${orderLocker}`,
  `/order/${order}/${orderLocker}/one-off`,
  `/order/${order}/${orderLocker}/extend`,
  `/order/${order}/${orderLocker}/open`,
  `/order/${order}/payment`,
  '/profile',
  '/profile/personal',
  '/profile/personal/name',
  '/profile/personal/phone',
  '/profile/personal/phone/verify/+372/5551234',
  '/profile/station',
  '/profile/language',
  '/profile/delete',
  '/issues',
  '/payment/methods',
  '/coupons',
  '/products',
  '/admin',
  '/admin/users',
  '/admin/orders',
  '/admin/reserved',
  '/admin/stations',
  '/admin/events',
  '/admin/issues',
  '/admin/coupons',
  '/admin/statistics',
  '/admin/help',
];


async function heading(page) {
  return (await page.locator('h1').first().innerText()).trim();
}

describe('routes', () => {
  let server;
  let browser;
  // One page per language, reused route after route (a fresh context per route made
  // the suite several minutes long); its problem list is emptied before each visit.
  const pages = {};
  before(async () => {
    server = await startLockerd();
    browser = await launch();
    for (const lang of ['en', 'et']) {
      pages[lang] = await newPage(browser, server.url, { storage: { language: languageTag(lang) } });
    }
  });
  after(async () => {
    for (const page of Object.values(pages)) await page.closeAll();
    await browser?.close();
    await server?.stop();
  });

  /** visit loads path on the language's page and waits for the page heading. */
  async function visit(lang, path) {
    const page = pages[lang];
    page.problems.length = 0;
    await page.goto(path);
    return page;
  }

  for (const [path, spec] of Object.entries(publicRoutes)) {
    const what = spec.placeholder ? 'is a placeholder' : 'shows its content and main action';
    it(`${path} ${what} in English and in Estonian`, async () => {
      const titles = {};
      // Both languages at once: each has its own page.
      await Promise.all(['en', 'et'].map(async (lang) => {
        const page = await visit(lang, path);
        await expectScreen(page, spec, lang);
        assert.equal(new URL(page.url()).pathname, path, 'a public route must not redirect');
        titles[lang] = await heading(page);
        assert.ok(titles[lang].length > 0, 'the page has a title');
        assert.equal(await page.locator('html').getAttribute('lang'), languageTag(lang));
        assert.deepEqual(page.problems, [], `${path} (${lang}) loaded cleanly`);
      }));
      assert.notEqual(titles.et, titles.en, 'the Estonian title is translated');
    });
  }

  // The rule is the same in both languages, so each route is tried in one, the
  // languages taking turns: half the page loads, and both still covered.
  for (const [i, path] of guardedRoutes.entries()) {
    const lang = i % 2 === 0 ? 'en' : 'et';
    it(`${path} sends a signed-out visitor to /login and remembers the path (${lang})`, async () => {
      const page = pages[lang];
      await page.evaluate(() => localStorage.removeItem('pre_login_url'));
      await visit(lang, path);
      await page.waitForURL((u) => u.pathname === '/login', { timeout: 10000 });
      await page.locator('h1').first().waitFor({ state: 'visible' });
      assert.equal(await page.evaluate(() => localStorage.getItem('pre_login_url')), path);
      assert.equal(await page.locator('html').getAttribute('lang'), languageTag(lang));
      assert.deepEqual(page.problems, [], `${path} (${lang}) redirected cleanly`);
    });
  }

  it('/update without a required update goes to /', async () => {
    const page = await newPage(browser, server.url);
    try {
      await page.goto('/update');
      // / is pre-checked, so a signed-out visitor continues to /login.
      await page.waitForURL((u) => u.pathname === '/login', { timeout: 10000 });
      assert.equal(await page.evaluate(() => localStorage.getItem('pre_login_url')), '/');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('stores __SOURCE and __CAMPAIGN from the URL, with defaults web / default', async () => {
    const page = await newPage(browser, server.url);
    try {
      await page.goto('/login');
      await page.locator('h1').first().waitFor();
      assert.deepEqual(
        await page.evaluate(() => [localStorage.getItem('__SOURCE'), localStorage.getItem('__CAMPAIGN')]),
        ['web', 'default'],
      );
      await page.goto('/login?source=newsletter&campaign=spring');
      await page.locator('h1').first().waitFor();
      assert.deepEqual(
        await page.evaluate(() => [localStorage.getItem('__SOURCE'), localStorage.getItem('__CAMPAIGN')]),
        ['newsletter', 'spring'],
      );
    } finally {
      await page.closeAll();
    }
  });

  it('switches the language and keeps it on this device', async () => {
    const page = await open(browser, server.url, { path: '/about' });
    try {
      await page.getByRole('button', { name: 'Eesti' }).first().click();
      await page.getByRole('heading', { name: 'Teave' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'et');
      await page.reload();
      await page.getByRole('heading', { name: 'Teave' }).waitFor();
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('shows the menu on a phone and on a desktop', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      const page = await open(browser, server.url, { path: '/about', viewport });
      try {
        if (name === 'phone') await page.getByRole('button', { name: 'More' }).click();
        for (const entry of ['Book', 'Orders', 'Products', 'Promotions', 'Help', 'Notifications', 'Payment', 'Account settings', 'About']) {
          assert.ok(await page.getByRole('link', { name: entry, exact: true }).last().isVisible(), `${name}: ${entry}`);
        }
        assert.equal(await page.getByRole('link', { name: 'Admin', exact: true }).count(), 0, 'no Admin entry for visitors');
        await screenshot(page, `menu-${name}`);
        assert.deepEqual(page.problems, []);
      } finally {
        await page.closeAll();
      }
    }
  });
});

// /update names the version the server requires and offers to check again.
const updateScreen = screen('update', { action: button(say('Check again', 'Kontrolli uuesti')) });

describe('update required (MIN_APP_VERSION 9.0.0)', () => {
  let server;
  let browser;
  // One page per language, each path loaded into it as a new document.
  const pages = {};
  before(async () => {
    server = await startLockerd({ env: { MIN_APP_VERSION: '9.0.0' } });
    browser = await launch();
    for (const lang of ['en', 'et']) {
      pages[lang] = await newPage(browser, server.url, { storage: { language: languageTag(lang) } });
    }
  });
  after(async () => {
    for (const page of Object.values(pages)) await page.closeAll();
    await browser?.close();
    await server?.stop();
  });

  for (const path of ['/', '/login', '/orders/active', '/about', '/update']) {
    it(`${path} holds the user on /update`, async () => {
      await Promise.all(['en', 'et'].map(async (lang) => {
        const page = pages[lang];
        page.problems.length = 0;
        await page.goto(path);
        await page.waitForURL((u) => u.pathname === '/update', { timeout: 10000 });
        await page.locator('h1').first().waitFor();
        assert.equal(
          await heading(page),
          lang === 'en' ? 'Update required' : 'Vajalik on uuendus',
        );
        await expectScreen(page, updateScreen, lang);
        assert.match(await page.locator('main').innerText(), /9\.0\.0/);
        assert.deepEqual(page.problems, []);
      }));
    });
  }

  it('a payment-provider return page still shows its message', async () => {
    const page = await open(browser, server.url, { path: '/callback/payment/success' });
    try {
      assert.equal(new URL(page.url()).pathname, '/callback/payment/success');
      await expectScreen(page, publicRoutes['/callback/payment/success'], 'en');
    } finally {
      await page.closeAll();
    }
  });
});
