// Browser journey of issue 16's notifications against the real binary. A user
// books a free order (over the API): "Booking confirmed" is in the list with
// the menu's unread badge. The test clock (TEST_CLOCK, never in production)
// then makes the rental's three reminders due at once instead of waiting
// hours: they arrive in-app, newest first, and the badge counts them; "Mark
// all as read" clears the count and the badge. Issue 28: the list is worded in
// the language on the screen when read (switching to Estonian rewords what was
// written in English) and each notification opens its order. In Estonian, SMS
// needs a verified phone (the switch says so and links to verification); once
// verified, a channel turned on stays on after a reload, and the server has it too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consumer } from '../lib/consumer.mjs';
import { screenshot } from '../lib/browser.mjs';
import { assertClean, open as openPage } from '../lib/pages.mjs';
import { until } from '../lib/wait.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { smsCodeFor } from '../lib/sms-log.mjs';
import { client } from '../lib/trpc.mjs';

// LOG_LEVEL info: without SMS_URL the texted codes are printed to the log, where the test reads them.
const stack = await stackForFile({ TEST_CLOCK: 'true', SENTRY_ENVIRONMENT: 'test', LOG_LEVEL: 'info' });
const { server, mailbox, browser } = stack;

const api = (token) => client(`${server.url}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;

const open = (who, path, lang) => openPage(browser, server.url, { token: who.token, path, lang });

const badge = (page) => page.locator('aside [data-testid="unread-badge"]');

describe('notifications', () => {
  it('a reminder arrives in-app by the test clock, the badge counts it, and all are marked read', async () => {
    const who = await consumer(server.url, mailbox, 'en');
    const page = await open(who, '/notifications', 'en-US');
    const items = page.locator('[data-testid="notification"]');
    await items.first().waitFor();
    assert.equal(await items.count(), 1);
    assert.match(await items.first().innerText(), /Booking confirmed[\s\S]*Your locker at Viru Keskus is booked from/);
    assert.equal(await page.getByTestId('unread-count').innerText(), '1 unread');
    assert.equal((await badge(page).innerText()).split('\n')[0], '1');

    const res = await fetch(`${server.url}/c-core/test/remind?order=${who.order}`, { method: 'POST' });
    assert.deepEqual(await res.json(), { due: 3 });
    // The page asks again every 30 s; a reload shows the reminders as soon as they are in.
    await until('the three reminders on the page', async () => {
      if ((await items.count()) >= 4) return true;
      await page.reload();
      await page.settle();
      await page.locator('h1').first().waitFor();
      await items.first().waitFor();
      return false;
    }, { timeoutMs: 20000, everyMs: 500 });
    assert.equal(await items.count(), 4, 'the three reminders arrived');
    const titles = await page.locator('[data-testid="notification"] h3').allInnerTexts();
    for (const t of ['Your rental starts in an hour', 'Your rental ends in an hour', 'Your rental has ended']) {
      assert.ok(titles.includes(t), `${t} is listed (got ${titles.join(', ')})`);
    }
    assert.equal(titles.at(-1), 'Booking confirmed', 'newest first');
    assert.equal(await page.getByTestId('unread-count').innerText(), '4 unread');
    assert.equal((await badge(page).innerText()).split('\n')[0], '4');
    await screenshot(page, 'notifications-unread');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('All notifications are marked as read.').waitFor();
    await page.getByText('0 unread').waitFor();
    await badge(page).waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid="notification"][data-read="false"]').count(), 0);
    assert.equal((await api(who.token).notification.list.query({})).unread, 0);

    // Worded when read: the same list in Estonian, with the 24-hour clock.
    await page.getByRole('button', { name: 'ET Eesti', exact: true }).first().click();
    await page.getByText('Broneering kinnitatud').waitFor();
    const estonian = await page.locator('[data-testid="notification"] h3').allInnerTexts();
    assert.ok(!estonian.includes('Booking confirmed'), `no English left (got ${estonian.join(', ')})`);
    assert.ok(estonian.includes('Sinu rent on lõppenud'), estonian.join(', '));
    assert.doesNotMatch(await items.last().innerText(), /\b(AM|PM)\b/);
    await screenshot(page, 'notifications-reworded-et');

    // Each opens its order, on the locker's page.
    await items.last().getByRole('link', { name: 'Ava tellimus' }).click();
    await page.waitForURL(`**/order/${who.order}/${who.locker}`);
    await page.locator('[data-testid="order-status"]').waitFor();
    assertClean(page, 'notifications');
    await page.closeAll();
  });

  it('SMS needs a verified phone; a channel turned on in the profile stays on (Estonian)', async () => {
    const who = await consumer(server.url, mailbox, 'et');
    let page = await open(who, '/profile', 'et');
    let sms = page.getByRole('checkbox', { name: /Tekstisõnum \(SMS\)/ });
    await sms.waitFor();
    assert.equal(await sms.isChecked(), false, 'SMS is off by default');
    assert.equal(await sms.isDisabled(), true, 'no SMS without a verified phone');
    const note = page.getByTestId('sms-needs-phone');
    assert.match(await note.innerText(), /Tekstisõnumite jaoks on vaja kinnitatud telefoninumbrit/);
    await note.getByRole('link', { name: 'Kinnita oma telefon' }).click();
    await page.waitForURL('**/profile/personal/phone');
    await page.closeAll();
    // The server refuses it too.
    await assert.rejects(api(who.token).notification.updateSettings.mutate({ push: true, email: true, sms: true }));

    const number = `5${String(Date.now()).slice(-7)}`;
    await api(who.token).auth.requestPhone.mutate({ prefix: '372', phone: number });
    await api(who.token).auth.verifyPhone.mutate({ prefix: '372', phone: number, code: await smsCodeFor(server, `+372${number}`) });
    page = await open(who, '/profile', 'et');
    sms = page.getByRole('checkbox', { name: /Tekstisõnum \(SMS\)/ });
    await sms.waitFor();
    assert.equal(await sms.isDisabled(), false, 'a verified phone can get texts');
    assert.equal(await page.getByRole('checkbox', { name: /Tõuketeavitused/ }).isChecked(), true);
    await sms.check();
    await page.getByText('Teavituste seaded on salvestatud.').waitFor();
    await page.reload();
    await page.settle();
    await page.getByRole('checkbox', { name: /Tekstisõnum \(SMS\)/ }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: /Tekstisõnum \(SMS\)/ }).isChecked(), true, 'kept after a reload');
    assert.deepEqual(await api(who.token).notification.settings.query(), { push: true, email: true, sms: true });
    assertClean(page, 'notifications');
    await page.closeAll();
  });
});
