// The live network view in a real browser against the real binary (issue 30, item 4):
// the stations list, the overview and the alarms agree — a station with an open
// "Station offline" alarm shows Offline (never "Online, last seen …") however fresh its
// last heartbeat, and the overview counts what the list shows; a second operator
// resolves the alarm in bulk from the station's grid and the first one's list turns
// the station Online on its own refresh. The grid names each compartment's door,
// temperature and the rental in it (an order link). Estonian words the screen fully.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { bookDay, viru } from '../lib/booking.mjs';
import { open as openPage } from '../lib/pages.mjs';
import { until } from '../lib/wait.mjs';
import { grantRole } from '../lib/lockerd.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { client } from '../lib/trpc.mjs';

const ulemiste = '11111111-1111-4111-8111-000000000002'; // Ülemiste

const { server, mailbox, browser } = await stackForFile();
let admin;
let manager;
let customer;
let orderUuid;

const adminApi = (token) => client(`${server.url}/c-core/trpc/admin`, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;
const api = (token) => client(`${server.url}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;

function sqlite(sql) {
  const res = spawnSync('sqlite3', ['-cmd', '.timeout 5000', join(server.dir, 'lockers.db'), sql], { encoding: 'utf8' });
  assert.equal(res.status, 0, `sqlite3: ${res.stderr || res.error}`);
  return res.stdout.trim();
}

/**
 * silence makes a station's controller fall silent as a dead router would: its last
 * heartbeat long ago, and its link time in the future so the built-in simulator's
 * heartbeats are taken as older news and change nothing. The alarm check then raises
 * "station offline" by itself, as it would in the field.
 */
function silence(stationUuid) {
  sqlite(`UPDATE stations SET last_seen_at = '2020-01-01 00:00:00+00:00', link_at = '2100-01-01 00:00:00+00:00' WHERE id = '${stationUuid}';`);
}

/** reconnect brings it back: a heartbeat as fresh as another station's, link time cleared. */
function reconnect(stationUuid) {
  sqlite(`UPDATE stations SET last_seen_at = (SELECT max(last_seen_at) FROM stations WHERE id <> '${stationUuid}'), link_at = NULL, link_state = 'online' WHERE id = '${stationUuid}';`);
}


before(async () => {
  [admin, manager, customer] = await Promise.all([0, 1, 2].map(() => registerUser(server.url, mailbox)));
  grantRole(server, admin.email, 'ADMIN');
  grantRole(server, manager.email, 'MANAGER');
  // A free order (the "first 3" pack) renting a compartment at Viru today.
  orderUuid = (await bookDay(api(customer.token), 0)).uuid;
  // The built-in simulator's heartbeats bring every station online.
  await until('the simulated stations online', async () => (await adminApi(admin.token).network.list.query()).online === 3, { timeoutMs: 20000 });
});

const open = (who, path, lang = 'en') => openPage(browser, server.url, { token: who.token, path, lang });

const row = (section, uuid) => section.locator(`tr[data-station="${uuid}"]`);

describe('the live network view', () => {
  it('never shows a station with an open offline alarm as Online; the overview counts the same; a colleague resolves it in bulk', async () => {
    silence(ulemiste);
    const a = await open(admin, '/admin/network');
    const list = a.locator('section[data-page="adminNetwork"]');
    // Silent for longer than two minutes: Offline at once, before any alarm.
    await row(list, ulemiste).locator('[data-link="offline"]').waitFor();
    await row(list, viru).locator('[data-link="online"]').waitFor();
    await row(list, ulemiste).getByText('Offline', { exact: true }).waitFor();
    // The alarm check (every 30 s) raises "station offline"; the list shows it on its own refresh.
    await row(list, ulemiste).locator('[data-alarms="1"]').waitFor({ timeout: 60000 });
    const counts = list.getByTestId('network-counts');
    assert.equal(await counts.getAttribute('data-offline'), '1');
    assert.equal(await counts.getAttribute('data-online'), '2');
    // Viru has one compartment rented now: one fewer free.
    const free = row(list, viru).locator('[data-free]');
    assert.equal(Number(await free.getAttribute('data-free')), Number(await free.getAttribute('data-total')) - 1);
    // The test network has no map tiles: a note instead, the list carries everything.
    await list.getByText('The map is not available right now').waitFor();

    // The overview counts what the list shows, and leads to it.
    const dash = await adminApi(admin.token).dashboard.get.query();
    assert.equal(dash.stationsOffline, 1, 'the overview counts the offline station');
    const overview = await open(admin, '/admin');
    const tile = overview.locator('section[data-page="admin"] [data-tile="Stations offline"]');
    await tile.waitFor();
    assert.equal((await tile.innerText()).trim(), '1', 'the overview tile counts the offline station');
    assert.equal(await overview.locator('section[data-page="admin"] a[href="/admin/network"]').count(), 2, 'the tile and the menu lead to the network');
    await overview.closeAll();

    // A second operator (a MANAGER) opens the station's grid and resolves its alarms.
    const b = await open(manager, `/admin/network?station=${ulemiste}`);
    const grid = b.locator('section[data-page="adminNetwork"]');
    await grid.getByTestId('station-link').locator('[data-link="offline"]').waitFor();
    await grid.locator('[data-alarm="station_offline"]').waitFor();
    await grid.getByRole('button', { name: 'Choose all' }).click();
    await grid.getByRole('button', { name: 'Resolve 1 alarm' }).click();
    const dialog = b.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    await dialog.getByText('Please write a note').waitFor(); // the note is required
    await dialog.getByLabel('What was done (for colleagues)').fill('Router restarted on site');
    await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await grid.getByText('1 alarm resolved.').waitFor();
    await grid.getByTestId('no-alarms').waitFor();
    const issues = await adminApi(admin.token).issues.list.query({ stationUuid: ulemiste, kind: 'station_offline' });
    const issue = await adminApi(admin.token).issues.get.query({ issueUuid: issues.items[0].uuid });
    assert.equal(issue.issue.state, 'resolved');
    assert.ok(issue.notes.some((n) => n.note === 'Router restarted on site' && n.internal), 'the note is kept, internal');

    // The station is heard again: both operators' screens turn it Online on their own refresh.
    reconnect(ulemiste);
    await grid.getByTestId('station-link').locator('[data-link="online"]').waitFor({ timeout: 50000 });
    await row(list, ulemiste).locator('[data-link="online"]').waitFor({ timeout: 50000 });
    assert.equal(await counts.getAttribute('data-offline'), '0');
    assert.deepEqual(a.problems, [], 'the list logged problems');
    assert.deepEqual(b.problems, [], 'the grid logged problems');
    await a.closeAll();
    await b.closeAll();
  });

  it("shows each compartment's door and the rental in it, with the order's full id as a link", async () => {
    const page = await open(admin, `/admin/network?station=${viru}`);
    const grid = page.locator('section[data-page="adminNetwork"]');
    const occupied = grid.locator(`[data-occupant="${orderUuid}"]`);
    await occupied.waitFor();
    await occupied.getByRole('link', { name: orderUuid }).waitFor();
    await occupied.getByText(customer.email).waitFor();
    assert.ok((await grid.locator('[data-compartment] [data-door]').count()) > 0, 'every compartment shows its door');
    await grid.getByText(/Times in the station’s zone \(Europe\/Tallinn\)/).waitFor();
    await occupied.getByRole('link', { name: orderUuid }).click();
    await page.locator('section[data-page="adminOrders"]').waitFor();
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });

  it('sorts the list by a column and is fully Estonian', async () => {
    // The account's own language wins over the device's: the operator works in Estonian.
    await api(admin.token).auth.update.mutate({ language: 'et' });
    const page = await open(admin, '/admin/network', 'et');
    const list = page.locator('section[data-page="adminNetwork"]');
    await list.locator('tr[data-station]').first().waitFor().catch(async (e) => {
      throw new Error(`${e.message}\n${await page.locator('body').innerText()}`);
    });
    await list.getByRole('heading', { name: 'Võrgu jaamad' }).waitFor({ timeout: 5000 }).catch(async (e) => {
      throw new Error(`${e.message}\n${await page.locator('body').innerText()}`);
    });
    await list.getByText('Võrgus', { exact: true }).first().waitFor();
    const names = async () => list.locator('tr[data-station] td:first-child a').allTextContents();
    const before = await names();
    assert.deepEqual(before, [...before].sort((x, y) => x.localeCompare(y, 'et')), 'by name at first');
    await list.getByRole('button', { name: /^Nimi/ }).click(); // the same column again: the other way
    await until('the order reversed', async () => JSON.stringify(await names()) === JSON.stringify([...before].reverse()), { timeoutMs: 5000 });
    assert.equal(await list.locator('th[aria-sort="descending"]').count(), 1);
    const text = await list.innerText();
    for (const word of ['Online', 'Offline', 'free', 'Open alarms', 'Door']) assert.ok(!text.includes(word), `no English "${word}" on the Estonian screen`);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
    await api(admin.token).auth.update.mutate({ language: 'en' });
  });
});
