// The back office in a real browser against the real binary (issue 15): an ADMIN does
// each screen's main action — finds a user and blocks them, refunds a paid order (part,
// then the rest), frees a hold, takes a compartment out of service, opens a door
// remotely, sets a station price, resolves an issue, creates a coupon pack and grants
// it, reads statistics and downloads the CSV, prints a customer's invoices from their page — and the audit shows it; a MANAGER gets in
// but sees none of the ADMIN-only actions. Every screen is also opened on a 390 px
// phone in English and Estonian: it renders its own content, without console errors
// and without sideways scrolling (tables become cards).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { screenshot, viewports } from '../lib/browser.mjs';
import { day } from '../lib/dates.mjs';
import { book, bookDay, orderWhen, viru } from '../lib/booking.mjs';
import { assertClean, open as openPage } from '../lib/pages.mjs';
import { countBecomes } from '../lib/wait.mjs';
import { grantRole } from '../lib/lockerd.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { client } from '../lib/trpc.mjs';
import { appVersion } from '../lib/version.mjs';

const stationSecret = 'e2e admin station secret, 32 characters or more';

const { server, mailbox, browser } = await stackForFile({ STATION_SECRET: stationSecret });
let admin;
let manager;
let customer;
let victim;
let paidUuid;
let holdUuid;
let issueUuid;

const hybrid = () => `${server.url}/c-core/trpc/hybrid`;
const api = (token) => client(hybrid(), 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;
const adminApi = (token) => client(`${server.url}/c-core/trpc/admin`, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;


/**
 * raiseIssue records a "door did not open" issue at the station as the hardware domain
 * does when a door stays shut (a jammed door cannot be staged over HTTP). The time is
 * copied from a row lockerd wrote, so it is in the driver's own format.
 */
function raiseIssue() {
  const id = randomUUID();
  const sql = `INSERT INTO locker_issues (id, locker_id, kind, created_at)
    SELECT '${id}', l.id, 'door_did_not_open', (SELECT created_at FROM users ORDER BY created_at DESC LIMIT 1)
    FROM lockers l WHERE l.station_id = '${viru}' ORDER BY l.label LIMIT 1;`;
  const res = spawnSync('sqlite3', ['-cmd', '.timeout 5000', join(server.dir, 'lockers.db'), sql], { encoding: 'utf8' });
  assert.equal(res.status, 0, `sqlite3 (needed to stage a system issue): ${res.stderr || res.error}`);
  return id;
}


before(async () => {
  [admin, manager, customer, victim] = await Promise.all([0, 1, 2, 3].map(() => registerUser(server.url, mailbox)));
  grantRole(server, admin.email, 'ADMIN');
  grantRole(server, manager.email, 'MANAGER');
  await api(customer.token).auth.update.mutate({ firstName: 'Kati', lastName: 'Karu', language: 'en' });
  // Three free orders (the "first 3" pack), then one paid with a saved card, then a hold.
  for (const n of [3, 4, 5]) assert.equal((await bookDay(api(customer.token), n)).status, 'booked');
  const added = await api(customer.token).paymentMethod.add.mutate({});
  const saved = await fetch(added.url, { method: 'POST', body: new URLSearchParams({ action: 'save', card: 'works' }), redirect: 'manual' });
  assert.equal(saved.status, 303);
  const unpaid = await bookDay(api(customer.token), 6);
  await api(customer.token).order.pay.mutate({ orderUuid: unpaid.uuid });
  assert.equal((await orderWhen(api(customer.token), unpaid.uuid, (o) => o.status !== 'processing')).status, 'booked');
  paidUuid = unpaid.uuid;
  holdUuid = (await book(api(customer.token), { start: day(8), end: day(8), confirm: false })).uuid;
  issueUuid = raiseIssue();
});

/** open loads path as who, the admin screens' way in. */
const open = (who, path, options) => openPage(browser, server.url, { token: who.token, path, ...options });

/** fitsPhone asserts that nothing makes a 390 px page scroll sideways. */
async function fitsPhone(page, where) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${where} is ${width} px wide on a 390 px phone`);
}

describe('back office as an ADMIN', () => {
  it('shows today at a glance with a way to each screen', async () => {
    const page = await open(admin, '/admin');
    const section = page.locator('section[data-page="admin"]');
    await section.getByText('Bookings today').waitFor();
    await section.getByText('Occupancy now').waitFor();
    for (const to of ['/admin/users', '/admin/orders', '/admin/reserved', '/admin/stations', '/admin/events', '/admin/issues', '/admin/coupons', '/admin/statistics']) {
      assert.ok((await section.locator(`nav a[href="${to}"]`).count()) === 1, `the menu leads to ${to}`);
    }
    await section.getByRole('link', { name: /See orders/ }).click();
    await page.locator('section[data-page="adminOrders"]').waitFor();
    assertClean(page, '/admin');
    await page.closeAll();
  });

  it('finds a user by e-mail and blocks them: their session ends at once', async () => {
    const page = await open(admin, '/admin/users');
    const section = page.locator('section[data-page="adminUsers"]');
    await section.getByLabel('Search').fill(victim.email);
    await section.getByRole('button', { name: 'Apply' }).click();
    await countBecomes(section.locator('tr[data-user]'), 1, 'the search finds exactly the one user');
    await section.locator(`tr[data-user="${victim.email}"]`).waitFor();
    await section.getByRole('link', { name: victim.email }).click();
    await section.locator(`[data-user-email="${victim.email}"]`).waitFor();
    await section.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Block ${victim.email}?`).waitFor();
    // The dialog says what happens to their rentals and asks why (issue 30).
    await dialog.getByText('They have no booked or running rentals.').waitFor();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('card fraud reported by the bank');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText('Blocked', { exact: true }).first().waitFor();
    await section.getByRole('button', { name: 'Unblock' }).waitFor();
    const auth = await api(victim.token).auth.authorize.query({ appVersion, deviceName: 'e2e', platform: 'web', model: 'node', osVersion: 'linux', webViewVersion: null });
    assert.equal(auth.user, null, 'the blocked user is signed out');
    assertClean(page, '/admin/users');
    await page.closeAll();
  });

  it("opens an order from the user's filter and refunds it with a note (a missing note is refused first)", async () => {
    const page = await open(admin, '/admin/orders');
    const section = page.locator('section[data-page="adminOrders"]');
    await section.getByLabel("User's e-mail").fill(customer.email);
    await section.getByLabel('Status').selectOption('booked');
    await section.getByRole('button', { name: 'Apply' }).click();
    await countBecomes(section.locator('tr[data-order]'), 4, "the customer's four booked orders");
    await section.locator(`tr[data-order="${paidUuid}"]`).waitFor();
    await section.locator(`tr[data-order="${paidUuid}"] a[href="/admin/orders?order=${paidUuid}"]`).click();
    await section.getByRole('heading', { name: 'Price lines' }).waitFor();
    await section.locator('[data-order-status="booked"]').waitFor();
    // A paid order is refunded, not deleted: the orders domain refuses the delete, so the page disables it and says why.
    const deleteOrder = section.getByRole('button', { name: 'Delete order' });
    assert.equal(await deleteOrder.isDisabled(), true, 'no Delete on a paid order');
    const refusal = page.locator(`#${await deleteOrder.getAttribute('aria-describedby')}`);
    assert.equal(await refusal.textContent(), 'It holds money: refund it first (a full refund ends the rental).');
    await section.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText('Please write a note: it goes to the audit log.').waitFor();
    // First a part: €1.00 of the €5.00 paid.
    await dialog.getByLabel('Amount (€)').fill('1.00');
    await dialog.getByLabel('Note (why)').fill('door did not open');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const refunds = section.locator('table[aria-label="Refunds"] tbody tr');
    await countBecomes(refunds, 1, 'one partial refund');
    await refunds.first().getByText('€1.00').waitFor();
    assert.equal((await api(customer.token).order.get.query({ orderUuid: paidUuid })).payment.paidCents, 400, 'a part went back');
    // Then the rest, which the dialog offers by default.
    await section.getByRole('button', { name: 'Refund' }).click();
    assert.equal(await dialog.getByLabel('Amount (€)').inputValue(), '4.00');
    await dialog.getByLabel('Note (why)').fill('door did not open');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await countBecomes(refunds, 2, 'the rest refunded too');
    const history = section.locator('table[aria-label="History (audit)"]');
    await countBecomes(history.locator('[data-audit-action="admin.orders.refund"]'), 2, 'both refunds are in the audit');
    await history.getByText(`${admin.email} refunded order ${paidUuid.slice(0, 8)}`).first().waitFor();
    await history.getByText('“door did not open”').first().waitFor();
    const after = await api(customer.token).order.get.query({ orderUuid: paidUuid });
    assert.equal(after.payment.paidCents, 0, 'the money went back');
    // A full refund ends the rental (issue 30): refunded, found by the Refunded filter.
    assert.equal(after.status, 'refunded', 'the fully refunded order is over');
    await section.locator('[data-order-status="refunded"]').waitFor();
    // With no money left it may go: Delete is offered, with no reason beside it.
    await section.locator('button:enabled', { hasText: 'Delete order' }).waitFor();
    assert.equal(await refusal.count(), 0, 'no refusal once the money went back');
    const refunded = await adminApi(admin.token).orders.list.query({ status: 'refunded', userUuid: customer.user.id });
    assert.ok(refunded.items.some((o) => o.uuid === paidUuid), 'the Refunded filter finds it');
    assertClean(page, '/admin/orders');
    await page.closeAll();
  });

  it("downloads a customer's invoice and credit note as PDFs from their user page", async () => {
    const page = await open(admin, `/admin/users?user=${customer.user.id}`);
    const section = page.locator('section[data-page="adminUsers"]');
    const invoices = section.getByRole('table', { name: 'Invoices' });
    await invoices.getByText('Credit note').first().waitFor(); // the refund above wrote one
    const buttons = invoices.getByRole('button', { name: /^Download .+ as PDF$/ });
    assert.ok((await buttons.count()) >= 2, 'an invoice and a credit note, each with its PDF');
    for (const i of [0, 1]) {
      const [download] = await Promise.all([page.waitForEvent('download'), buttons.nth(i).click()]);
      assert.match(download.suggestedFilename(), /\.pdf$/);
      const pdf = await readFile(await download.path());
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-', `${download.suggestedFilename()} is a PDF`);
    }
    assertClean(page, '/admin/users?user=');
    await page.closeAll();
  });

  it('frees a stuck hold on the reserved screen', async () => {
    const page = await open(admin, '/admin/reserved?kind=hold');
    const section = page.locator('section[data-page="adminReserved"]');
    const row = section.locator(`tr[data-live="${holdUuid}"]`);
    await row.waitFor();
    await row.getByText('Hold', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Free' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note (why)').fill('stuck at the payment step');
    await dialog.getByRole('button', { name: 'Free' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    const freed = await api(customer.token).order.get.query({ orderUuid: holdUuid });
    assert.equal(freed.status, 'unfinished', 'the hold ended as when it runs out');
    assertClean(page, '/admin/reserved');
    await page.closeAll();
  });

  it('takes a compartment out of service and puts it back', async () => {
    const page = await open(admin, `/admin/stations?station=${viru}`);
    const section = page.locator('section[data-page="adminStations"]');
    await section.getByRole('heading', { name: 'Compartments' }).waitFor();
    const row = section.locator('tr[data-compartment]').first();
    const label = await row.getAttribute('data-compartment');
    await row.getByRole('button', { name: 'Take out of service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No booked or running rentals on this compartment.').waitFor();
    await dialog.getByLabel('Reason for taking it out of service or back').fill('door hinge broken');
    await dialog.getByRole('button', { name: 'Take out of service' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Out of service', { exact: true }).waitFor();
    const detail = await adminApi(admin.token).stations.get.query({ stationUuid: viru });
    assert.equal(detail.compartments.find((c) => c.compartment.label === label).compartment.outOfService, true);
    await row.getByRole('button', { name: 'Put back in service' }).click();
    await dialog.getByLabel('Reason for taking it out of service or back').fill('hinge replaced');
    await dialog.getByRole('button', { name: 'Put back in service' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('In service', { exact: true }).waitFor();
    await section.locator('[data-controller="online"]').waitFor();
    assertClean(page, '/admin/stations');
    await page.closeAll();
  });

  it('opens a door remotely with a reason, audited', async () => {
    const page = await open(admin, `/admin/stations?station=${viru}`);
    const section = page.locator('section[data-page="adminStations"]');
    const row = section.locator('tr[data-compartment]').first();
    const label = await row.getAttribute('data-compartment');
    await row.getByRole('button', { name: 'Open door' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('customer locked out, verified by phone');
    await dialog.getByRole('button', { name: 'Open door' }).click();
    await section.getByText(new RegExp(`^Door ${label} opened; it locks again at `)).waitFor({ timeout: 15000 });
    const audit = await adminApi(admin.token).events.audit.query({ action: 'admin.stations.openDoor' });
    assert.ok(audit.items.some((a) => a.note === 'customer locked out, verified by phone'), JSON.stringify(audit.items.map((a) => a.action)));
    assertClean(page, 'open door');
    await page.closeAll();
  });

  it("creates a station's credentials, shows the key once, audited without it", async () => {
    const page = await open(admin, `/admin/stations?station=${viru}`);
    await page.getByTestId('credentials-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Why (kept in the audit log)').fill('new cabinet installed');
    await dialog.getByRole('button', { name: 'Create credentials' }).click();
    const key = await page.getByTestId('credentials-key').textContent({ timeout: 15000 });
    // The key is the one the station protocol derives (docs/station-protocol.md "Keys").
    const want = createHmac('sha256', stationSecret).update(`lockers station key v1\0${viru}\0` + '1').digest('hex');
    assert.equal(key, want);
    await page.getByTestId('credentials-state').getByText('Provisioned').waitFor();
    const audit = await adminApi(admin.token).events.audit.query({ action: 'admin.stations.credentials' });
    assert.ok(audit.items.some((a) => a.note === 'new cabinet installed'), JSON.stringify(audit.items.map((a) => a.action)));
    assert.ok(!JSON.stringify(audit.items).includes(want), 'the key reached the audit log');
    assertClean(page, 'station credentials');
    await page.closeAll();
  });

  it("sets a station's own price and returns it to the default", async () => {
    const page = await open(admin, `/admin/stations?station=${viru}`);
    const prices = page.getByRole('form', { name: 'Prices' });
    await prices.getByLabel('Small · Cool: Per day (€)').fill('7.50');
    await prices.getByLabel('Reason for the new prices').fill('weekend offer');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await prices.getByText('Saved.').waitFor();
    const own = await adminApi(admin.token).stations.prices.query({ stationUuid: viru });
    const small = own.prices.find((p) => p.height === 'small' && p.temperature === 'cool');
    assert.equal(small.dailyCents, 750);
    assert.equal(small.isDefault, false);
    await prices.getByRole('button', { name: 'Use default' }).first().click();
    await prices.getByLabel('Reason for the new prices').fill('offer over');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await prices.getByText('Saved.').waitFor();
    const back = await adminApi(admin.token).stations.prices.query({ stationUuid: viru });
    assert.ok(back.prices.every((p) => p.isDefault), 'every product on the default again');
    assertClean(page, 'prices');
    await page.closeAll();
  });

  it('works an issue from open through in progress to resolved, with notes', async () => {
    const page = await open(admin, '/admin/issues');
    const section = page.locator('section[data-page="adminIssues"]');
    const row = section.locator(`tr[data-issue="${issueUuid}"]`);
    await row.getByText('Open', { exact: true }).waitFor();
    await row.getByRole('link', { name: /Door did not open/ }).click();
    await section.locator('[data-issue-state="open"]').waitFor();
    const dialog = page.getByRole('dialog');
    await section.getByRole('button', { name: 'Start work' }).click();
    await dialog.getByLabel('Note (why)').fill('technician on the way');
    await dialog.getByRole('button', { name: 'Start work' }).click();
    await section.locator('[data-issue-state="in_progress"]').waitFor();
    await section.getByRole('button', { name: 'Resolve' }).click();
    await dialog.getByLabel('Note (why)').fill('hinge replaced, door opens');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await section.locator('[data-issue-state="resolved"]').waitFor();
    const notes = section.locator('table[aria-label="Notes"] tbody tr');
    await countBecomes(notes, 2, 'a note per step');
    await section.getByText('hinge replaced, door opens').waitFor();
    // The open list no longer shows it.
    await section.getByRole('link', { name: 'All issues' }).click();
    await section.getByText('No open issues.').waitFor();
    assertClean(page, '/admin/issues');
    await page.closeAll();
  });

  it('creates a coupon pack and grants it to a user', async () => {
    const page = await open(admin, '/admin/coupons');
    const section = page.locator('section[data-page="adminCoupons"]');
    const code = `E2E${Date.now() % 100000}`;
    const form = section.getByRole('form', { name: 'Create a pack' });
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Free orders').fill('2');
    await form.getByLabel('Name in English').fill('Two on us');
    await form.getByLabel('Name in Estonian').fill('Kaks meie kulul');
    await form.getByLabel('Reason for the pack').fill('spring campaign');
    await form.getByRole('button', { name: 'Create a pack' }).click();
    await form.getByText(`Pack ${code} created.`).waitFor();
    await section.locator(`tr[data-pack="${code}"]`).waitFor();
    const grant = section.getByRole('form', { name: 'Grant a pack to a user' });
    await grant.getByLabel('E-mail').fill(customer.email);
    await grant.getByLabel('Pack').selectOption(code);
    await grant.getByLabel('Reason for granting it').fill('sorry for the broken door');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await grant.getByText(`${code} granted to ${customer.email}.`).waitFor();
    const coupons = await api(customer.token).coupon.list.query();
    assert.ok(JSON.stringify(coupons).includes(code), 'the customer holds the pack');
    assertClean(page, '/admin/coupons');
    await page.closeAll();
  });

  it('reads statistics as charts and a table, and downloads the CSV', async () => {
    const page = await open(admin, '/admin/statistics');
    const section = page.locator('section[data-page="adminStatistics"]');
    await section.locator('[data-charts] .recharts-surface').first().waitFor();
    const table = section.locator('table[aria-label="Figures"]');
    await table.locator('tbody tr').first().waitFor();
    // A row for each UTC day with figures: today's bookings at least.
    const rows = await table.locator('tbody tr').count();
    assert.ok(rows >= 1, 'the table has figures');
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^statistics-.*\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    assert.match(csv, /^period,station_uuid,bookings,revenue_cents,avg_rental_hours,booked_locker_hours,occupancy_pct\r?\n/);
    assert.equal(csv.trim().split('\n').length, rows + 1, 'the CSV has the same rows as the table');
    assertClean(page, '/admin/statistics');
    await page.closeAll();
  });

  it("shows the admin's actions in the audit log, newest first", async () => {
    const page = await open(admin, '/admin/events?log=audit');
    const section = page.locator('section[data-page="adminEvents"]');
    const table = section.locator('table[aria-label="Audit"]');
    // Each entry reads as a sentence; its action is on the row for tests and filters.
    await table.locator('[data-audit-action="admin.users.block"]').first().waitFor();
    const actions = await table.locator('tbody tr [data-audit-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-audit-action')));
    assert.ok(actions.indexOf('admin.coupons.grant') < actions.indexOf('admin.users.block'), `newest first: ${actions.join(', ')}`);
    await section.getByLabel('Action').fill('admin.reserved.free');
    await section.getByRole('button', { name: 'Apply' }).click();
    await table.getByText('“stuck at the payment step”').waitFor();
    await countBecomes(table.locator('tbody tr'), 1, 'the filter leaves the one freed hold');
    await section.getByRole('tab', { name: 'Event log' }).click();
    await section.locator('table[aria-label="Event log"], [role="status"], .grid').first().waitFor();
    assertClean(page, '/admin/events');
    await page.closeAll();
  });

  it("shows the server's own log: sign-ins, then the remote door opening by source", async () => {
    const page = await open(admin, '/admin/events?log=activity');
    const section = page.locator('section[data-page="adminEvents"]');
    const table = section.locator('table[aria-label="Server log"]');
    await table.getByRole('cell', { name: 'Signed in' }).first().waitFor();
    await section.getByLabel('Source').selectOption('door');
    await section.getByRole('button', { name: 'Apply' }).click();
    // The unfiltered page already shows door rows: wait for the sign-ins to go
    // and the filtered page to arrive before reading it.
    await countBecomes(table.getByRole('cell', { name: 'Signed in' }), 0, 'only door commands once filtered');
    await table.getByRole('cell', { name: 'Opened by an operator' }).first().waitFor();
    await table.getByText('Door opened').first().waitFor();
    assert.equal(await table.getByRole('cell', { name: 'Signed in' }).count(), 0, 'no sign-ins on the filtered page');
    assertClean(page, '/admin/events?log=activity');
    await page.closeAll();
  });
});

describe('back office as a MANAGER', () => {
  it('gets in and sees every screen, without the ADMIN-only actions', async () => {
    const page = await open(manager, `/admin/users?user=${customer.user.id}`);
    const section = page.locator('section[data-page="adminUsers"]');
    await section.locator(`[data-user-email="${customer.email}"]`).waitFor();
    await section.getByRole('heading', { name: 'Orders' }).waitFor();
    for (const name of ['Block', 'Delete user', 'Make ADMIN', 'Make MANAGER']) {
      assert.equal(await section.getByRole('button', { name }).count(), 0, `no "${name}" for a manager`);
    }
    assert.ok((await page.locator('a[href="/admin"]').count()) > 0, 'the menu has the back office');

    await page.goto('/admin/coupons');
    await page.settle();
    const coupons = page.locator('section[data-page="adminCoupons"]');
    await coupons.getByRole('heading', { name: 'Coupon packs' }).waitFor();
    assert.equal(await coupons.getByRole('form').count(), 0, 'no pack creating or granting for a manager');

    // Managers run stations and orders.
    await page.goto(`/admin/stations?station=${viru}`);
    await page.settle();
    await page.locator('section[data-page="adminStations"]').getByRole('button', { name: 'Take out of service' }).first().waitFor();
    await page.goto(`/admin/orders?order=${paidUuid}`);
    await page.settle();
    await page.locator('section[data-page="adminOrders"]').getByRole('button', { name: 'Delete order' }).waitFor();
    assertClean(page, 'manager');
    await page.closeAll();
  });

  it('a plain user is sent home from the back office', async () => {
    const page = await open(customer, '/admin/orders');
    assert.equal(new URL(page.url()).pathname, '/');
    await page.closeAll();
  });
});

// Words of the English screens (and raw values of the API) that an Estonian screen must not
// show: a state, a temperature, a size or a kind left untranslated.
const englishWords = /\b(neutral|cool|warm|small|big|door|refunded|booked|paid|finalized|cancelled|reserved|unpaid|open|resolved|in_progress|created|settled|succeeded|pending|Invoice|Credit note|Order|Station|Status|Created|Amount|Download|Refund|Reason|Save|Search|Apply|Clear|Load more|Yes|No)\b/g;

/**
 * englishLeft lists the English words an Estonian screen shows, leaving out what operators
 * and customers wrote (quoted notes, reasons), e-mail addresses, ids and the audit's
 * stored records (an action's code, a changed field's name and value).
 */
function englishLeft(text, where) {
  const written = ['hinge replaced, door opens', 'door did not open', 'door hinge broken', 'sorry for the broken door']; // this file's notes
  const words = written
    .reduce((all, note) => all.replaceAll(note, ' '), text)
    .split('\n')
    .filter((line) => !/^[a-z_]+\.[a-zA-Z_.]+$/.test(line.trim()) && !/^[a-zA-Z.]+: .* → /.test(line.trim()))
    .join('\n')
    .replace(/“[^”]*”/g, ' ') // notes as written
    .replace(/\S+@\S+/g, ' ') // e-mail addresses
    .replace(/\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/g, ' ') // ids
    .match(englishWords);
  return words ? [`${where}: ${[...new Set(words)].join(', ')}`] : [];
}

describe('back office on a 390 px phone, in English and Estonian', () => {
  const screens = {
    '/admin': { page: 'admin', en: 'Bookings today', et: 'Tänased broneeringud' },
    '/admin/users': { page: 'adminUsers', en: 'Search', et: 'Otsi' },
    [`/admin/users?user=${'CUSTOMER'}`]: { page: 'adminUsers', en: 'Payments', et: 'Maksed' },
    '/admin/orders': { page: 'adminOrders', en: 'Apply', et: 'Rakenda' },
    [`/admin/orders?order=${'PAID'}`]: { page: 'adminOrders', en: 'Price lines', et: 'Hinnaread' },
    '/admin/reserved': { page: 'adminReserved', en: 'Kind', et: 'Liik' },
    '/admin/stations': { page: 'adminStations', en: 'New station', et: 'Uus jaam' },
    [`/admin/stations?station=${viru}`]: { page: 'adminStations', en: 'Take out of service', et: 'Võta rivist välja' },
    '/admin/events': { page: 'adminEvents', en: 'Event log', et: 'Sündmuste logi' },
    '/admin/events?log=activity': { page: 'adminEvents', en: 'Server log', et: 'Serveri logi' },
    '/admin/events?log=audit': { page: 'adminEvents', en: 'Kind of target', et: 'Sihtmärgi liik' },
    '/admin/network': { page: 'adminNetwork', en: 'Stations on the network', et: 'Võrgu jaamad' },
    '/admin/help': { page: 'adminHelp', en: 'Help', et: 'Abi' },
    '/admin/issues?state=all': { page: 'adminIssues', en: 'Door did not open', et: 'Uks ei avanenud' },
    [`/admin/issues?issue=${'ISSUE'}`]: { page: 'adminIssues', en: 'Notes', et: 'Märkused' },
    '/admin/coupons': { page: 'adminCoupons', en: 'Create a pack', et: 'Loo pakett' },
    '/admin/statistics': { page: 'adminStatistics', en: 'Download CSV', et: 'Laadi alla CSV' },
    '/admin/reconciliation': { page: 'adminReconciliation', en: 'Day (UTC)', et: 'Päev (UTC)' },
  };
  for (const lang of ['en', 'et']) {
    it(`renders every screen in ${lang} without sideways scrolling`, async () => {
      // The admin's own account language is English; the device language is what the header switch sets.
      await api(admin.token).auth.update.mutate({ language: lang });
      // The first screen loads the back office; the others are reached inside it, as its menu and lists do
      // (the ADMIN tests above and signed-in.test.mjs load each screen from scratch).
      let page;
      const english = [];
      try {
        for (const [raw, spec] of Object.entries(screens)) {
          const path = raw.replace('CUSTOMER', customer.user.id).replace('PAID', paidUuid).replace('ISSUE', issueUuid);
          if (page) await page.navigate(path);
          else page = await open(admin, path, { lang, viewport: viewports.phone });
          const section = page.locator(`section[data-page="${spec.page}"]`);
          await section.getByText(spec[lang], { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 10000 });
          await fitsPhone(page, `${path} (${lang})`);
          const name = `admin-${lang}-phone${path.replaceAll(/[/?=]/g, '-').replace(/-[0-9a-f-]{36}$/, '-detail')}`;
          await screenshot(page, name);
          assertClean(page, `${path} (${lang})`);
          if (lang === 'et') english.push(...englishLeft(await section.innerText(), `${path} (et)`));
        }
      } finally {
        await page?.closeAll();
      }
      await api(admin.token).auth.update.mutate({ language: 'en' });
      assert.deepEqual(english, [], 'Estonian screens with English words');
    });
  }
});
