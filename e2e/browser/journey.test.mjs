// The consumer-journey faults of issue 14, each as a person meets it in the browser:
// typing a time by keyboard, a refused timeframe, the booked duration and price, the
// screen opening at its heading, the language switch sticking to the account,
// not-found states, one order page, and the account screens' loose ends.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { typeCode, waitForPath } from '../lib/forms.mjs';
import { day, localDateTime, now } from '../lib/dates.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { bookDay, viru as station } from '../lib/booking.mjs';
import { appVersion } from '../lib/version.mjs';

const nobody = '99999999-9999-4999-8999-999999999999';

const stack = await stackForFile();
const { server, mailbox, browser, api } = stack;

const timeframePath = (start, end, product = 'small/standard/neutral') =>
  `/book/station/${station}/locker/${product}/timeframe/${encodeURIComponent(start)}/${encodeURIComponent(end)}`;

/**
 * countCalls counts the requests of a procedure from now on.
 *
 * "Not retried" needs no waiting for a retry that might come: TanStack Query keeps a
 * read pending while it retries and shows its error only after the last try
 * (app/query-client.ts, retryOnce), and the screens draw their error states from
 * isError. So when the error is on the screen every try has been made, and one call
 * counted then means the read was not retried.
 */
function countCalls(page, procedure) {
  const seen = { n: 0 };
  page.on('request', (req) => {
    if (req.url().includes(procedure)) seen.n++;
  });
  return seen;
}

/** onlyHttpErrors drops the 4xx answers a test provokes on purpose; anything else stays a problem. */
const unexpected = (page, allowed) => page.problems.filter((p) => !(p.startsWith('HTTP 4') && allowed.test(p)) && !/status of 4\d\d/.test(p));

describe('choose a time (issue 14)', () => {
  let user;
  const users = {};
  before(async () => {
    user = await registerUser(server.url, mailbox);
    // The account's language wins when a session starts (spec §9): an Estonian user for the Estonian screen.
    users.en = user;
    users.et = await registerUser(server.url, mailbox, { language: 'et' });
  });

  for (const lang of ['en', 'et']) {
    it(`keeps every key typed into the start date and time, and commits both (${lang})`, async () => {
      const page = await newPage(browser, server.url, {
        viewport: viewports.phone,
        storage: { Bearer: users[lang].token, language: lang === 'et' ? 'et' : 'en-US' },
      });
      try {
        await page.goto(timeframePath(`${day(2)}T00:01`, `${day(3)}T23:59`));
        const startDate = page.locator('select[name="start-date"]');
        const startTime = page.locator('input[name="start-time"]');
        await startDate.waitFor();
        // Our own fields: the day list is named in the screen's language, the time is 24-hour.
        const dayName = await startDate.locator('option:checked').textContent();
        assert.match(dayName, lang === 'et' ? /^[ETKNRLP], / : /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), /);
        assert.equal(await startTime.inputValue(), '00:01');
        assert.equal(await page.locator('input[type="date"], input[type="time"]').count(), 0, 'no browser date or time fields');
        // By keyboard: the next day with the arrow key, then straight on to the time.
        await startDate.focus();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Tab');
        assert.equal(await startTime.evaluate((el) => el === document.activeElement), true, 'Tab moves to the start time');
        await page.keyboard.press('Control+A');
        for (const key of '1015') {
          await page.keyboard.type(key);
          assert.equal(await startTime.evaluate((el) => el === document.activeElement), true, 'focus stays in the time field while typing');
        }
        await page.keyboard.press('Tab');
        await page.waitForURL((u) => decodeURIComponent(u.pathname).endsWith(`/timeframe/${day(3)}T10:15/${day(3)}T23:59`), { timeout: 5000 });
        assert.equal(await startDate.inputValue(), day(3));
        assert.equal(await startTime.inputValue(), '10:15');
        await page.locator('[data-testid="timeframe-price"]').waitFor();
        assert.equal(await page.locator('section[data-page] h1').textContent(), lang === 'et' ? 'Vali aeg' : 'Choose a time');
        await screenshot(page, `journey-${lang}-phone-timeframe-typed`);
        assert.deepEqual(page.problems, []);
      } finally {
        await page.closeAll();
      }
    });
  }

  it('shows the 31-day maximum at the end field, asked once, not as a load failure', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      const calls = countCalls(page, 'station.availability');
      await page.goto(timeframePath(`${day(1)}T00:01`, `${day(41)}T23:59`));
      const end = page.locator('fieldset').filter({ has: page.locator('select[name="end-date"]') });
      await end.getByText('A booking lasts at most 31 days. Choose an earlier end.').waitFor();
      assert.equal(await page.locator('select[name="end-date"]').getAttribute('aria-invalid'), 'true');
      assert.equal(await page.getByText('This could not be loaded.').count(), 0);
      assert.equal(calls.n, 1, 'a refused timeframe is not asked again (its error shows after the last try)');
      await screenshot(page, 'journey-en-phone-timeframe-too-long');
      assert.deepEqual(unexpected(page, /station\.availability/), []);
    } finally {
      await page.closeAll();
    }
  });

  it('previews the duration and price the server will book: a start in the past begins now', async () => {
    // Two hours ago to six hours ahead, in the station's time: the server books from now, about six hours.
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      const start = localDateTime(now() - 2 * 3600_000);
      const end = localDateTime(now() + 6 * 3600_000);
      await page.goto(timeframePath(start, end));
      const shown = page.locator('[data-testid="timeframe-duration"]');
      await shown.waitFor();
      const av = await api(user.token).station.availability.query({ stationUuid: station, start, end });
      const minutes = Math.round((new Date(av.end) - new Date(av.start)) / 60000);
      assert.ok(minutes <= 6 * 60 && minutes > 5 * 60, `the server books from now: ${minutes} min`);
      assert.equal(Number(await shown.getAttribute('data-minutes')), minutes);
      assert.doesNotMatch(await shown.textContent(), /8 hours/);
      const product = av.products.find((p) => p.height === 'small' && p.type === 'standard' && p.temperature === 'neutral');
      const price = await page.locator('[data-testid="timeframe-price"]').textContent();
      assert.equal(price.replace(/\s/g, ''), new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(product.price.cents / 100).replace(/\s/g, ''));
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });
});

describe('navigation lands at the new screen’s heading (issue 14)', () => {
  it('scrolls to the top and focuses the heading after following a link from far down', async () => {
    const user = await registerUser(server.url, mailbox);
    const page = await newPage(browser, server.url, { viewport: { width: 390, height: 500 }, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto('/book/station');
      const last = page.locator('li [data-station] a[href^="/book/station/"]').last();
      await last.waitFor();
      await last.scrollIntoViewIfNeeded();
      assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the list is scrolled');
      await last.click();
      await page.waitForURL(/\/book\/station\/[0-9a-f-]{36}$/);
      await page.locator('section[data-page="bookStation"] h1').waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });
});

describe('not-found states (issue 14)', () => {
  let user;
  let page;
  before(async () => {
    user = await registerUser(server.url, mailbox);
    page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
  });
  after(async () => page?.closeAll());

  it('says an unknown station does not exist at once, asking once', async () => {
    const calls = countCalls(page, 'station.get');
    await page.goto(`/book/station/${nobody}`);
    await page.getByText('This station does not exist or is not available.').waitFor({ timeout: 3000 });
    await page.getByRole('link', { name: 'Look at other stations' }).waitFor();
    assert.equal(calls.n, 1, 'a 404 is not retried (its error shows after the last try)');
  });

  it('says a bad locker size is not offered by the station, and leads to its lockers', async () => {
    await page.goto(`/book/station/${station}/locker/huge/standard/cool/timeframe`);
    await page.getByText('This station has no such locker. Choose one of its lockers.').waitFor();
    assert.equal(await page.getByText('This station does not exist').count(), 0);
    await page.getByRole('link', { name: 'Lockers of this station' }).click();
    await page.waitForURL(`**/book/station/${station}`);
  });

  it('says an unknown order does not exist, with a way to the orders', async () => {
    const calls = countCalls(page, 'order.get');
    await page.goto(`/order/${nobody}/${nobody}`);
    await page.getByText('This order does not exist, or it belongs to another account.').waitFor({ timeout: 3000 });
    assert.equal(calls.n, 1, 'a 404 is not retried (its error shows after the last try)');
    await screenshot(page, 'journey-en-phone-order-not-found');
    await page.getByRole('link', { name: 'Go to your orders' }).click();
    await page.waitForURL(/\/orders/);
    assert.deepEqual(unexpected(page, /station\.get|order\.get/), []);
  });
});

describe('one order page (issue 14)', () => {
  let user;
  let orderUuid;
  let lockerUuid;
  before(async () => {
    user = await registerUser(server.url, mailbox);
    const order = await bookDay(api(user.token), 2);
    orderUuid = order.uuid;
    lockerUuid = order.lockers[0].uuid;
  });

  it('shows the codes first, one status, where with directions, the price once and the actions at the bottom', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto(`/order/${orderUuid}/${lockerUuid}`);
      const section = page.locator('section[data-page="orderLocker"]');
      await section.locator('[data-testid="delivery-code"]').first().waitFor();
      assert.equal(await section.locator('[data-status]').count(), 1, 'one status badge');
      assert.equal(await section.locator('[data-testid="price-summary"]').count(), 1, 'the price once');
      const codesFirst = await page.evaluate(() => {
        const code = document.querySelector('[data-testid="delivery-code"]');
        const status = document.querySelector('[data-testid="order-status"]');
        return !!code && !!status && !!(code.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      assert.ok(codesFirst, 'the codes come before the status');
      const directions = section.getByRole('link', { name: 'Directions' });
      assert.match(await directions.getAttribute('href'), /maps.*Viru/);
      const bar = section.locator('[data-testid="order-actions"]');
      assert.equal(await bar.evaluate((el) => getComputedStyle(el).position), 'sticky');
      await bar.getByRole('link', { name: 'Extend' }).waitFor();
      await screenshot(page, 'journey-en-phone-order');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('says "cancelled" once on a cancelled order', async () => {
    await api(user.token).order.cancel.mutate({ orderUuid, note: 'just testing' });
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto(`/order/history/${orderUuid}/${lockerUuid}`);
      const section = page.locator('section[data-page]');
      await section.locator('[data-status="cancelled"]').waitFor();
      const text = await section.innerText();
      assert.equal((text.match(/cancelled/gi) ?? []).length, 1, text);
      await screenshot(page, 'journey-en-phone-order-cancelled');
    } finally {
      await page.closeAll();
    }
  });

  it('says "four steps" above the four-step bar', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto('/book');
      await page.getByText('Book a locker in four steps').waitFor();
      assert.equal(await page.locator('section[data-page="book"] ol > li').count(), 4);
    } finally {
      await page.closeAll();
    }
  });
});

describe('one language source (issue 14)', () => {
  it('saves the header switch to the account: a new device opens in Estonian', async () => {
    const user = await registerUser(server.url, mailbox, { language: 'en' });
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto('/');
      await page.locator('main h1').first().waitFor();
      await page.locator('header').getByRole('button', { name: 'Eesti' }).click();
      for (let i = 0; i < 50; i++) {
        if ((await api(user.token).auth.authorize.query(device)).user?.language === 'et') break;
        await page.waitForTimeout(100);
      }
      assert.equal((await api(user.token).auth.authorize.query(device)).user?.language, 'et');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
    // Another device: only the token, no language stored.
    const other = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token } });
    try {
      await other.goto('/orders');
      await other.waitForFunction(() => document.documentElement.lang === 'et');
      await other.locator('header').getByRole('button', { name: 'Eesti', pressed: true }).waitFor();
    } finally {
      await other.closeAll();
    }
  });
});

const device = { appVersion, deviceName: 'e2e', platform: 'web', model: 'chromium', osVersion: 'linux', webViewVersion: null };

describe('account screens (issue 14)', () => {
  it('links the terms and the privacy policy from registration, each a page in both languages', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      await page.goto('/register');
      assert.equal(await page.getByRole('link', { name: 'terms of use' }).getAttribute('href'), '/terms');
      assert.equal(await page.getByRole('link', { name: 'privacy policy' }).getAttribute('href'), '/privacy');
      for (const [path, en, et] of [
        ['/terms', 'Terms of use', 'Kasutustingimused'],
        ['/privacy', 'Privacy policy', 'Privaatsuspõhimõtted'],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: en }).waitFor();
        assert.ok((await page.locator('section[data-page] h2').count()) >= 4, `${path} has its sections`);
        await page.getByRole('button', { name: 'Eesti' }).click();
        await page.getByRole('heading', { level: 1, name: et }).waitFor();
        await page.getByRole('button', { name: 'English' }).click();
      }
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('continues the e-mail code step opened in a new tab', async () => {
    const email = `newtab.${Date.now()}@example.com`;
    const started = Date.now();
    await api().auth.register.mutate({ email, acceptTerms: true, language: 'en' });
    const code = await mailbox.codeFor(email, { after: started });
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      await page.goto('/register/verify');
      assert.equal(await page.getByText('This step has expired').count(), 0);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText(email).waitFor();
      await typeCode(page, code);
      await waitForPath(page, '/register/password');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
  });

  it('marks the account-deletion reason as required', async () => {
    const user = await registerUser(server.url, mailbox);
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto('/profile/delete');
      const reason = page.getByLabel(/Why are you leaving/);
      await reason.waitFor();
      assert.equal(await reason.getAttribute('aria-required'), 'true');
      await page.getByText('(required)').waitFor();
      await page.getByText('A reason is required to delete the account.').waitFor();
    } finally {
      await page.closeAll();
    }
  });
});
