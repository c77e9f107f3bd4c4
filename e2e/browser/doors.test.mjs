// Browser journeys of issue 13 against the real binary with the built-in station
// simulator (CONTROLLER=sim; doors close by themselves after 2 s here instead of a
// minute). A user books a free locker for now, opens its door from the app and sees
// "Door is open" only after the simulated sensor said so; at the station kiosk the
// delivery code and then the picking code open the door, and the order locker goes
// booked → delivered → picked; a regenerated code stops working; repeated wrong codes
// lock the keypad with a countdown; a guest link shows the picking code until it is revoked. No screen may log a console error or get an HTTP error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { bookFromNow, viru } from '../lib/booking.mjs';
import { assertClean } from '../lib/pages.mjs';
import { until } from '../lib/wait.mjs';

const stack = await stackForFile({ SIM_DOOR_OPEN_FOR: '2s' });
const { server, mailbox, browser, api } = stack;

/** typeCode presses a code's digits on the kiosk keypad and Open. */
async function typeCode(kiosk, code) {
  for (const d of code) await kiosk.getByRole('button', { name: `Digit ${d}`, exact: true }).click();
  await kiosk.getByRole('button', { name: 'Open', exact: true }).click();
}

describe('doors journey (en)', () => {
  let user;
  let page;
  let kiosk;
  let orderUuid;
  let lockerUuid;
  let label;
  const lockerStatus = async () => (await api(user.token).order.get.query({ orderUuid })).lockers[0].status;

  before(async () => {
    user = await registerUser(server.url, mailbox, { language: 'en' });
    // A user's first orders are free: booked at once, from now for three hours.
    const booked = await bookFromNow(api(user.token), 3);
    orderUuid = booked.uuid;
    lockerUuid = booked.lockers[0].uuid;
    label = booked.lockers[0].label;
    page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    kiosk = await newPage(browser, server.url, { viewport: viewports.desktop, storage: { language: 'en-US' } });
  });

  after(async () => {
    await page?.closeAll();
    await kiosk?.closeAll();
  });

  it('opens the door from the app and says "Door is open" once the sensor reports it', async () => {
    await page.goto(`/order/${orderUuid}/${lockerUuid}`);
    await page.locator('[data-testid="delivery-code"]').first().waitFor();
    await page.getByRole('link', { name: 'Open the door' }).click();
    await page.waitForURL(`**/order/${orderUuid}/${lockerUuid}/open`);
    await page.getByText('Are you sure?').waitFor();
    await page.getByRole('button', { name: 'Yes, open it' }).click();
    await page.getByText('Door is open', { exact: true }).waitFor();
    await page.getByText(`Door ${label} is open. It closes by itself in`).waitFor();
    await screenshot(page, 'doors-en-phone-open');
    const o = await api(user.token).order.get.query({ orderUuid });
    assert.equal(o.lockers[0].opened, true, 'the order locker is marked opened');
    assert.equal(o.lockers[0].status, 'booked', 'opening from the app delivers nothing');
    assertClean(page, 'open from the app');
  });

  it('at the kiosk the delivery code, then the picking code, move the locker booked → delivered → picked', async () => {
    const codes = await api(user.token).code.list.query({ orderUuid, orderLockerUuid: lockerUuid });
    const delivery = codes.codes.find((c) => c.kind === 'delivery').code;
    const picking = codes.codes.find((c) => c.kind === 'picking').code;
    assert.equal(await lockerStatus(), 'booked');

    await kiosk.goto(`/kiosk/${viru}`);
    await kiosk.getByText('Viru Keskus').waitFor();
    await typeCode(kiosk, delivery);
    await kiosk.getByText(`Door ${label} is open`).waitFor();
    await screenshot(kiosk, 'doors-en-kiosk-open');
    await until('delivered after the door closes', async () => (await lockerStatus()) === 'delivered');

    await typeCode(kiosk, picking);
    await kiosk.getByText(`Door ${label} is open`).waitFor();
    await until('picked after the door closes', async () => (await lockerStatus()) === 'picked');

    // The owner's screen shows the codes' usage.
    await page.goto(`/order/${orderUuid}/${lockerUuid}`);
    await page.locator('[data-usage="delivered"]').first().waitFor();
    await page.locator('[data-usage="picked"]').first().waitFor();
    assertClean(kiosk, 'kiosk');
    assertClean(page, 'codes usage');
  });

  it('a regenerated code stops working at once', async () => {
    await page.goto(`/order/${orderUuid}/${lockerUuid}`);
    const shown = page.locator('[data-testid="delivery-code"]').first();
    const old = (await shown.innerText()).trim();
    // The only picking code offers no Delete: the server keeps one of each kind (issue 28).
    assert.equal(await page.locator('[data-code="picking"]').getByRole('button', { name: /^Delete code/ }).count(), 0);
    // Asked once, in place: keeping it changes nothing; making it says so in a toast.
    await page.getByRole('button', { name: `New code instead of ${old}` }).click();
    const ask = page.getByTestId('confirm-inline');
    await ask.getByText(`Make a new code instead of ${old}? ${old} stops working at once.`).waitFor();
    await ask.getByRole('button', { name: 'Keep it' }).click();
    await ask.waitFor({ state: 'detached' });
    assert.equal((await shown.innerText()).trim(), old);
    await page.getByRole('button', { name: `New code instead of ${old}` }).click();
    await ask.getByRole('button', { name: 'Make a new code' }).click();
    await page.locator('[data-slot="toast"]').getByText(`A new code is made. ${old} no longer works.`).waitFor();
    await until('the new code on the screen', async () => {
      const now = (await shown.innerText()).trim();
      return now !== old && /^\d{6}$/.test(now);
    });
    await kiosk.goto(`/kiosk/${viru}`);
    await typeCode(kiosk, old);
    await kiosk.getByText(/^Wrong code\. \d+ tries left\.$/).waitFor();
    assertClean(page, 'regenerate');
    assertClean(kiosk, 'old code');
  });

  it('a guest link shows the picking code and stops working when revoked', async () => {
    await page.goto(`/order/${orderUuid}/${lockerUuid}`);
    await page.getByRole('button', { name: 'Create a guest link' }).click();
    const href = await page.getByTestId('guest-url').getAttribute('href');
    const codes = await api(user.token).code.list.query({ orderUuid, orderLockerUuid: lockerUuid });
    const picking = codes.codes.filter((c) => c.kind === 'picking').map((c) => c.code);
    const guest = await newPage(browser, server.url, { storage: { language: 'en-US' } });
    try {
      await guest.goto(new URL(href).pathname);
      await guest.getByText('Viru Keskus').waitFor();
      await guest.getByText(`Locker ${label}`).waitFor();
      assert.deepEqual(await guest.getByTestId('guest-picking-code').allInnerTexts(), picking);
      await screenshot(guest, 'doors-en-guest');
      assertClean(guest, 'guest link');
      // The link shown once can be copied (and shared where the browser can).
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.locator('[data-slot="toast"]').getByText('Link copied.').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), href);
      await page.getByRole('button', { name: 'Revoke guest link 1' }).click();
      await page.getByRole('button', { name: 'Revoke the link' }).click();
      await page.locator('[data-slot="toast"]').getByText('The guest link is revoked and no longer works.').waitFor();
      await page.getByRole('button', { name: 'Revoke guest link 1' }).waitFor({ state: 'detached' });
      // A revoked link is no longer offered for copying.
      assert.equal(await page.getByTestId('guest-url').count(), 0);
      await guest.goto(new URL(href).pathname);
      await guest.getByText('This link does not work any more.').waitFor();
    } finally {
      await guest.closeAll();
    }
    assertClean(page, 'guest link owner');
  });

  it('repeated wrong codes lock the keypad with a countdown', async () => {
    await kiosk.goto(`/kiosk/${viru}`);
    const codes = await api(user.token).code.list.query({ orderUuid, orderLockerUuid: lockerUuid });
    const live = new Set(codes.codes.map((c) => c.code));
    let wrong = 100000;
    for (;;) {
      while (live.has(String(wrong))) wrong++;
      const locked = kiosk.getByText(/^Too many wrong codes\. Try again in \d+ s\.$/);
      if (await locked.count()) break;
      await typeCode(kiosk, String(wrong));
      // The display empties when the answer arrives.
      await until('an answer', async () => (await kiosk.getByTestId('kiosk-display').innerText()).trim() === '');
      wrong++;
      assert.ok(wrong < 100010, 'the keypad never locked');
    }
    assert.equal(await kiosk.getByRole('button', { name: 'Digit 1', exact: true }).isDisabled(), true, 'the keypad is locked');
    await screenshot(kiosk, 'doors-en-kiosk-locked');
    assertClean(kiosk, 'lock-out');
  });
});
