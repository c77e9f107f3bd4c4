// Browser journeys of issue 26 against the real binary: a phone that loses its
// connection (Chromium's context.setOffline, which also fires the page's offline and
// online events). A door confirmed or cancelled offline never opens when the
// connection comes back; a confirmation that reaches the server too late opens
// nothing and says so; Reserve tapped offline creates no order afterwards; every
// screen says it is offline (EN, ET) and loads again when the connection is back; and
// in the installed web app (service worker) the codes of an active order show after
// a reload with no connection at all.
//
// lockerd runs with DOOR_INTENT_TTL=3s instead of the default 20 s, so a test waits
// just past the window instead of 20-60 s. The waits past it are timed on purpose:
// what is checked is that nothing happens during them.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { day } from '../lib/dates.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { bookFromNow, viru } from '../lib/booking.mjs';
import { assertClean } from '../lib/pages.mjs';

const intentTTL = 3000;
const pastTheWindow = intentTTL + 1500;
const ulemiste = '11111111-1111-4111-8111-000000000002';

const stack = await stackForFile({ SIM_DOOR_OPEN_FOR: '2s', DOOR_INTENT_TTL: `${intentTTL / 1000}s` });
const { server, mailbox, browser, api } = stack;

// Products free "now" at the demo stations: each door test books its own compartment.
const products = [
  { stationUuid: viru, height: 'small', type: 'standard', temperature: 'neutral' },
  { stationUuid: viru, height: 'small', type: 'standard', temperature: 'cool' },
  { stationUuid: viru, height: 'small', type: 'standard', temperature: 'warm' },
  { stationUuid: ulemiste, height: 'small', type: 'standard', temperature: 'neutral' },
  { stationUuid: ulemiste, height: 'small', type: 'standard', temperature: 'cool' },
];
let nextProduct = 0;

/** bookNow registers a user holding one paid (free) order running from now for three hours. */
async function bookNow(language = 'en') {
  const user = await registerUser(server.url, mailbox, { language });
  const booked = await bookFromNow(api(user.token), 3, products[nextProduct++ % products.length]);
  return { user, orderUuid: booked.uuid, lockerUuid: booked.lockers[0].uuid, label: booked.lockers[0].label };
}

/** opened says whether the order locker's door has ever opened (the server marks it on the sensor's report). */
async function opened(b) {
  return (await api(b.user.token).order.get.query({ orderUuid: b.orderUuid })).lockers[0].opened;
}

// What the browser reports while it has no network is what the test did to it.
const offlineNoise = /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to load resource: net::/;

const assertCleanOffline = (page, where, allow = []) => assertClean(page, where, { allow: [offlineNoise, ...allow] });

const texts = {
  en: {
    language: 'en-US',
    offline: 'You are offline.',
    shownFrom: 'Showing what was last loaded at',
    action: 'Not done: this needs a connection.',
    needsConnection: 'This needs a connection.',
    addDelivery: 'Add a delivery code',
    emptyHistory: 'No past orders yet.',
    codesTitle: 'Your codes',
  },
  et: {
    language: 'et',
    offline: 'Võrguühendus puudub.',
    shownFrom: 'Näitame viimati kell',
    action: 'Ei tehtud: selleks on vaja võrguühendust.',
    needsConnection: 'Selleks on vaja võrguühendust.',
    addDelivery: 'Lisa sisestuskood',
    emptyHistory: 'Varasemaid tellimusi veel ei ole.',
    codesTitle: 'Sinu koodid',
  },
};

/** openDialog goes to the door's confirmation from the locker's screen, as a user does, and waits until it holds an intent ("Yes, open it" enabled). */
async function openDialog(page, b) {
  await page.goto(`/order/${b.orderUuid}/${b.lockerUuid}`);
  await page.getByRole('link', { name: 'Open the door' }).click();
  await page.getByText('Are you sure?').waitFor();
  const yes = page.getByRole('button', { name: 'Yes, open it' });
  await page.waitForFunction((el) => !el.disabled && !el.getAttribute('aria-busy'), await yes.elementHandle());
  return yes;
}

describe('the door and a lost connection', () => {
  it('a confirmation tapped offline, then "No, keep it closed": the door stays shut when the connection is back', async () => {
    const b = await bookNow();
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: b.user.token, language: 'en-US' } });
    try {
      const yes = await openDialog(page, b);
      await page.context().setOffline(true);
      await page.getByTestId('offline-banner').waitFor({ timeout: 2000 });
      await yes.click();
      await page.getByText('You are offline — nothing was opened. Confirm again once you are back online.').waitFor();
      await screenshot(page, 'offline-door-en-phone-tapped-offline');
      await page.getByRole('link', { name: 'No, keep it closed' }).click();
      await page.waitForURL(`**/order/${b.orderUuid}/${b.lockerUuid}`);

      // Offline, the dialog cannot even get a confirmation: it says so and offers nothing to send.
      await page.getByRole('link', { name: 'Open the door' }).click();
      await page.getByText('Are you sure?').waitFor();
      await page.getByText(texts.en.needsConnection, { exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Yes, open it' }).isDisabled(), true);
      await screenshot(page, 'offline-door-en-phone-dialog-offline');
      await page.getByRole('link', { name: 'No, keep it closed' }).click();
      await page.waitForURL(`**/order/${b.orderUuid}/${b.lockerUuid}`);

      await page.context().setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 5000 });
      await sleep(pastTheWindow);
      assert.equal(await opened(b), false, 'the door opened after the user cancelled');
      assertCleanOffline(page, 'cancelled offline');
    } finally {
      await page.closeAll();
    }
  });

  it('a confirmation tapped offline on a screen left open: back online nothing opens until a new tap', async () => {
    const b = await bookNow();
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: b.user.token, language: 'en-US' } });
    try {
      const yes = await openDialog(page, b);
      await page.context().setOffline(true);
      await yes.click();
      await page.getByText('You are offline — nothing was opened.', { exact: false }).waitFor();
      await sleep(pastTheWindow);
      await page.context().setOffline(false);
      await page.getByText('Nothing was opened while you were offline. Confirm again to open the door.').waitFor();
      await screenshot(page, 'offline-door-en-phone-back-online');
      await sleep(pastTheWindow);
      assert.equal(await opened(b), false, 'the door opened without a new confirmation');
      assert.equal(await page.getByText('Door is open', { exact: true }).count(), 0);

      // A new tap, online, with the fresh confirmation the dialog fetched: now it opens.
      await page.waitForFunction((el) => !el.disabled, await yes.elementHandle());
      await yes.click();
      await page.getByText('Door is open', { exact: true }).waitFor();
      assert.equal(await opened(b), true);
      assertCleanOffline(page, 'confirmed offline');
    } finally {
      await page.closeAll();
    }
  });

  it('a confirmation that reaches the server after its window opens nothing and says so; confirming again opens', async () => {
    const b = await bookNow('et');
    const page = await newPage(browser, server.url, { viewport: viewports.desktop, storage: { Bearer: b.user.token, language: 'et' } });
    try {
      await page.goto(`/order/${b.orderUuid}/${b.lockerUuid}/open`);
      await page.getByText('Kas oled kindel?').waitFor();
      const yes = page.getByRole('button', { name: 'Jah, ava' });
      await page.waitForFunction((el) => !el.disabled && !el.getAttribute('aria-busy'), await yes.elementHandle());
      // A slow network: the request is held past the intent's window, then delivered.
      const isOpen = (url) => /(^|[/,])locker\.open($|,)/.test(new URL(url).pathname);
      await page.route(isOpen, async (route) => {
        await sleep(pastTheWindow);
        await route.continue();
      });
      await yes.click();
      await page.getByText('Midagi ei avatud: kinnitus jõudis kohale liiga hilja. Kinnita uuesti.').waitFor({ timeout: pastTheWindow + 10000 });
      await screenshot(page, 'offline-door-et-desktop-too-late');
      assert.equal(await opened(b), false, 'a late confirmation opened the door');
      await page.unroute(isOpen);
      await page.waitForFunction((el) => !el.disabled && !el.getAttribute('aria-busy'), await yes.elementHandle());
      await yes.click();
      await page.getByText('Uks on lahti', { exact: true }).waitFor();
      assert.equal(await opened(b), true);
      // The refused open is an HTTP error answer the screen expected.
      assertCleanOffline(page, 'too late', [/HTTP 409: POST .*locker\.open/, /status of 409 \(Conflict\)/]);
    } finally {
      await page.closeAll();
    }
  });
});

describe('offline on every screen', () => {
  for (const lang of ['en', 'et']) {
    const tx = texts[lang];
    it(`a banner within 2 s (${lang}), actions fail at once, lists say they need a connection, and all comes back online`, async () => {
      const b = await bookNow(lang);
      const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: b.user.token, language: tx.language } });
      try {
        await page.goto(`/order/${b.orderUuid}/${b.lockerUuid}`);
        await page.locator('[data-testid="delivery-code"]').first().waitFor();
        const codesBefore = await page.locator('[data-testid="delivery-code"]').count();

        const lost = Date.now();
        await page.context().setOffline(true);
        const banner = page.getByTestId('offline-banner');
        await banner.waitFor({ timeout: 2000 });
        assert.ok(Date.now() - lost < 2000, 'the banner came late');
        assert.match(await banner.innerText(), new RegExp(`^${tx.offline} ${tx.shownFrom} \\d`));
        await screenshot(page, `offline-${lang}-phone-locker`);
        await page.setViewportSize(viewports.desktop);
        await screenshot(page, `offline-${lang}-desktop-locker`);
        await page.setViewportSize(viewports.phone);

        // An action that needs the server fails at once and says why; nothing is sent later.
        await page.getByRole('button', { name: tx.addDelivery }).click();
        await page.getByText(tx.action).waitFor({ timeout: 1000 });

        // A list never loaded before says it needs a connection instead of loading forever.
        await page.evaluate(() => {
          window.history.pushState(null, '', '/orders/history');
          window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        });
        await page.getByText(tx.needsConnection, { exact: true }).waitFor();
        await screenshot(page, `offline-${lang}-phone-history`);

        await page.context().setOffline(false);
        await banner.waitFor({ state: 'detached', timeout: 5000 });
        // The list waited for the connection and loads by itself.
        await page.getByText(tx.emptyHistory).waitFor();
        assert.equal(await page.getByText(tx.needsConnection).count(), 0);
        await page.goBack();
        await page.locator('[data-testid="delivery-code"]').first().waitFor();
        assert.equal(await page.locator('[data-testid="delivery-code"]').count(), codesBefore, 'the code added offline was sent later');
        const codes = await api(b.user.token).code.list.query({ orderUuid: b.orderUuid, orderLockerUuid: b.lockerUuid });
        assert.equal(codes.codes.filter((c) => c.kind === 'delivery').length, 1, 'the code added offline was created');
        assertCleanOffline(page, `offline screens (${lang})`);
      } finally {
        await page.closeAll();
      }
    });
  }

  it('the signed-out screens say it too', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { language: 'et' } });
    try {
      await page.goto('/login');
      await page.context().setOffline(true);
      await page.getByTestId('offline-banner').filter({ hasText: texts.et.offline }).waitFor({ timeout: 2000 });
      await screenshot(page, 'offline-et-phone-login');
      await page.context().setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 5000 });
      assertCleanOffline(page, 'login offline');
    } finally {
      await page.closeAll();
    }
  });
});

describe('Reserve offline', () => {
  it('creates no order, neither at once nor when the connection is back', async () => {
    const user = await registerUser(server.url, mailbox, { language: 'en' });
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto(`/book/station/${viru}/locker/small/standard/neutral/timeframe/${day(2)}T00%3A01/${day(2)}T23%3A59`);
      await page.locator('[data-testid="timeframe-price"]').waitFor();
      await page.context().setOffline(true);
      await page.getByTestId('offline-banner').waitFor({ timeout: 2000 });
      const reserve = page.getByRole('button', { name: 'Reserve this locker' });
      await reserve.click();
      await page.getByText(texts.en.action).waitFor({ timeout: 1000 });
      const sent = [];
      page.on('request', (r) => sent.push(new URL(r.url()).pathname));
      await page.context().setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 5000 });
      // A paused write is sent when the browser is back online, before anything the page asks after that:
      // a request made now, and answered, is the signal that such a write would have gone out.
      await page.evaluate(() => fetch('/c-core/trpc/hybrid/system.info').then((r) => r.text()));
      assert.ok(sent.some((p) => p.endsWith('/system.info')), 'the probe request was not seen');
      assert.deepEqual(sent.filter((p) => p.includes('order.create')), [], 'Reserve tapped offline was sent on reconnect');
      assert.match(page.url(), /\/timeframe\//, 'the screen moved on by itself');
      const orders = await api(user.token).order.list.query({ scope: 'active' });
      assert.deepEqual(orders, [], 'Reserve tapped offline created an order');
      assertCleanOffline(page, 'reserve offline');
    } finally {
      await page.closeAll();
    }
  });
});

describe('codes with no signal (installed web app)', () => {
  for (const lang of ['en', 'et']) {
    const tx = texts[lang];
    it(`an active order's codes show after a reload with no connection (${lang})`, async () => {
      const b = await bookNow(lang);
      const codes = await api(b.user.token).code.list.query({ orderUuid: b.orderUuid, orderLockerUuid: b.lockerUuid });
      const delivery = codes.codes.filter((c) => c.kind === 'delivery').map((c) => c.code);
      const picking = codes.codes.filter((c) => c.kind === 'picking').map((c) => c.code);
      const page = await newPage(browser, server.url, {
        viewport: viewports.phone,
        serviceWorkers: 'allow',
        storage: { Bearer: b.user.token, language: tx.language },
      });
      try {
        // Online once: the orders list is what keeps the codes; the worker installs meanwhile.
        await page.goto('/orders/active');
        await page.locator(`[data-order="${b.orderUuid}"]`).waitFor();
        await page.waitForFunction(() => !!localStorage.getItem('offline-codes'));
        await page.keyboard.press('Tab'); // the worker registers at the first input
        await page.evaluate(async () => navigator.serviceWorker.ready);
        await page.reload();
        await page.waitForFunction(() => !!navigator.serviceWorker.controller);

        await page.context().setOffline(true);
        await page.reload({ waitUntil: 'domcontentloaded' });
        await page.getByRole('heading', { name: tx.codesTitle }).waitFor({ timeout: 15000 });
        assert.deepEqual(await page.getByTestId('offline-delivery-code').allInnerTexts(), delivery);
        assert.deepEqual(await page.getByTestId('offline-picking-code').allInnerTexts(), picking);
        await page.getByText(b.label, { exact: false }).first().waitFor();
        await page.getByTestId('offline-banner').waitFor();
        await screenshot(page, `offline-${lang}-phone-codes`);

        // Back online the session check goes on and the screen asked for follows.
        await page.context().setOffline(false);
        await page.locator(`[data-order="${b.orderUuid}"]`).waitFor({ timeout: 15000 });
        assertCleanOffline(page, `codes offline (${lang})`);
      } finally {
        await page.closeAll();
      }
    });
  }
});
