// Browser journeys of issue 43: a door opens only while the user still wants it. The
// test holds the app's open request back (route interception), as a slow network
// would. Tapping "Stop" while it is held withdraws the intent on the server: the
// open, when it finally arrives, opens nothing and the screen says so. When the held
// open lands before the withdrawal (the user left the screen meanwhile), the app says
// that the door opened: a toast wherever the user is, and the order page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { bookFromNow } from '../lib/booking.mjs';
import { assertClean } from '../lib/pages.mjs';

const stack = await stackForFile({ SIM_DOOR_OPEN_FOR: '2s' });

/** The procedures a request to the hybrid endpoint calls (a batch names several). */
const procedures = (url) => decodeURIComponent(new URL(url).pathname.replace(/^.*\/c-core\/trpc\/hybrid\//, '')).split(',');

/**
 * hold keeps back every request of the page that calls procedure until release() is
 * called; arrived resolves when the first one was sent by the app.
 */
async function hold(page, procedure) {
  let release;
  const released = new Promise((r) => (release = r));
  let arrive;
  const arrived = new Promise((r) => (arrive = r));
  await page.route(
    (url) => url.pathname.includes('/c-core/trpc/hybrid/') && procedures(url.href).includes(procedure),
    async (route) => {
      arrive();
      await released;
      await route.continue();
    },
  );
  return { arrived, release };
}

const answerOf = (page, procedure) => page.waitForResponse((res) => res.url().includes('/c-core/trpc/hybrid/') && procedures(res.url()).includes(procedure));

/** A free order of one small locker from now on, booked, and its first locker. */
async function rental(user) {
  const booked = await bookFromNow(stack.api(user.token), 3);
  return { orderUuid: booked.uuid, lockerUuid: booked.lockers[0].uuid, label: booked.lockers[0].label };
}

describe('a door opens only while the user still wants it (en)', () => {
  it('Stop while the open is held back: nothing opens and the screen says so', async () => {
    const user = await registerUser(stack.server.url, stack.mailbox, { language: 'en' });
    const { orderUuid, lockerUuid } = await rental(user);
    const page = await newPage(stack.browser, stack.server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto(`/order/${orderUuid}/${lockerUuid}/open`);
      await page.getByText('Are you sure?').waitFor();
      const yes = page.getByRole('button', { name: 'Yes, open it' });
      await page.waitForFunction(() => ![...document.querySelectorAll('button')].find((b) => b.textContent.includes('Yes, open it'))?.disabled);

      const open = await hold(page, 'locker.open');
      await yes.click();
      await open.arrived;
      // In flight: the screen says so and offers no "No" it could not keep.
      await page.getByText('Opening the door…').waitFor();
      assert.equal(await page.getByRole('link', { name: 'No, keep it closed' }).count(), 0, 'a "No" is offered while the open is on its way');
      await page.getByRole('button', { name: 'Stop, keep it closed' }).click();
      await page.getByText('Stopped: nothing was opened. The door stays closed.').waitFor();
      await screenshot(page, 'doors-intent-en-stopped');

      // The held open reaches the server after the stop: refused, nothing opened.
      const answer = answerOf(page, 'locker.open');
      open.release();
      const res = await answer;
      assert.equal(res.status(), 409, 'the late open is refused');
      assert.match(await res.text(), /"appCode":"CANT_OPEN"/);
      await page.getByText('Stopped: nothing was opened. The door stays closed.').waitFor();
      assert.equal(await page.getByText('Door is open', { exact: true }).count(), 0, 'the screen claims an open');
      const o = await stack.api(user.token).order.get.query({ orderUuid });
      assert.equal(o.lockers[0].opened, false, 'the door opened after Stop');
      // The refused open is the one error answer (and the browser's console line about
      // it), and it was expected.
      assertClean(page, 'Stop', { allow: [/locker\.open/, 409] });
    } finally {
      await page.closeAll();
    }
  });

  it('the held open lands before the withdrawal: the app says the door opened', async () => {
    const user = await registerUser(stack.server.url, stack.mailbox, { language: 'en' });
    const { orderUuid, lockerUuid, label } = await rental(user);
    const page = await newPage(stack.browser, stack.server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    try {
      await page.goto(`/order/${orderUuid}/${lockerUuid}`);
      await page.getByRole('link', { name: 'Open the door' }).click();
      await page.getByText('Are you sure?').waitFor();
      await page.waitForFunction(() => ![...document.querySelectorAll('button')].find((b) => b.textContent.includes('Yes, open it'))?.disabled);
      const open = await hold(page, 'locker.open');
      const revoke = await hold(page, 'locker.revokeIntent');
      await page.getByRole('button', { name: 'Yes, open it' }).click();
      await open.arrived;
      // The user leaves the screen while the open is held: leaving withdraws the intent,
      // but here the open gets to the server first.
      await page.goBack();
      await page.waitForURL(`**/order/${orderUuid}/${lockerUuid}`);
      await revoke.arrived;
      const opened = answerOf(page, 'locker.open');
      open.release();
      assert.equal((await opened).status(), 200, 'the open went through');
      const withdrawn = answerOf(page, 'locker.revokeIntent');
      revoke.release();
      const rv = await (await withdrawn).json();
      assert.equal(JSON.stringify(rv).includes('"revoked":false'), true, `the late withdrawal: ${JSON.stringify(rv)}`);

      await page.locator('[data-slot="toast"]').getByText(`Door ${label} is open.`).waitFor();
      await page.getByText('The locker has been opened at least once.').waitFor();
      await screenshot(page, 'doors-intent-en-opened-elsewhere');
      const o = await stack.api(user.token).order.get.query({ orderUuid });
      assert.equal(o.lockers[0].opened, true);
      assertClean(page, 'open held back');
    } finally {
      await page.closeAll();
    }
  });
});
