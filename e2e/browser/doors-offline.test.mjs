// Browser journey of issue 13's offline PIN against the real binary with the MQTT
// controller: Mosquitto on a free port, lockerd with CONTROLLER=mqtt and the
// station program (`lockerd station-sim`) playing Viru Keskus. While the station
// is connected the order-locker page shows no PIN; once the station program is
// gone (its Last Will says offline), the page shows the time-window PIN the
// cabinet can check by itself, and it is the one code.list gives. Skipped when
// the machine has no mosquitto binary (CI installs it).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { launch, newPage, screenshot, viewports } from '../lib/browser.mjs';
import { freePort, lockerdBin, startLockerd } from '../lib/lockerd.mjs';
import { startMailbox } from '../lib/mailbox.mjs';
import { client } from '../lib/trpc.mjs';
import { now } from '../lib/dates.mjs';

const viru = '11111111-1111-4111-8111-000000000001'; // Viru Keskus, Tallinn (demo data)
const secret = 'e2e station secret, long enough to be one 0123456789';
const mosquitto = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', 'mosquitto'].find(
  (bin) => spawnSync(bin, ['-h']).error === undefined,
);

let server;
let mailbox;
let browser;
let broker;
let station;
let dir;
let hybrid;

/** until polls fn every 200 ms until it returns something truthy (15 s at most). */
async function until(what, fn) {
  const deadline = Date.now() + 15000;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((res) => {
    child.once('exit', res);
    child.kill('SIGTERM');
  });
}

const api = (token) => client(hybrid, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;

describe('offline PIN (en, et)', { skip: mosquitto ? false : 'no mosquitto binary' }, () => {
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'doors-offline-'));
    const port = await freePort();
    const conf = join(dir, 'mosquitto.conf');
    await writeFile(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nset_tcp_nodelay true\n`);
    broker = spawn(mosquitto, ['-c', conf], { stdio: 'ignore' });
    const url = `mqtt://127.0.0.1:${port}`;
    mailbox = await startMailbox();
    server = await startLockerd({
      env: { SMTP_URL: mailbox.smtpURL, MAIL_FROM: 'Lockers <no-reply@lockers.test>', CONTROLLER: 'mqtt', MQTT_URL: url, STATION_SECRET: secret },
    });
    hybrid = `${server.url}/c-core/trpc/hybrid`;
    station = spawn(lockerdBin, ['station-sim', '-url', url, '-station-ids', viru, '-station-secret', secret], { stdio: 'ignore' });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await stop(station);
    await server?.stop();
    await stop(broker);
    await mailbox?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('shows the time-window PIN only while the station is offline', async () => {
    const user = await registerUser(server.url, mailbox, { language: 'en' });
    const start = new Date(now());
    const end = new Date(start.getTime() + 2 * 3600_000);
    const o = await api(user.token).order.create.mutate({
      stationUuid: viru, height: 'small', type: 'standard', temperature: 'neutral', start: start.toISOString(), end: end.toISOString(),
    });
    const booked = await api(user.token).order.confirm.mutate({ orderUuid: o.uuid, acceptTerms: true });
    const ref = { orderUuid: booked.uuid, orderLockerUuid: booked.lockers[0].uuid };
    await until('the station online', async () => (await api(user.token).station.get.query({ stationUuid: viru })).online);

    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
    await page.goto(`/order/${ref.orderUuid}/${ref.orderLockerUuid}`);
    await page.locator('[data-testid="delivery-code"]').first().waitFor();
    assert.equal(await page.locator('[data-testid="offline-pin"]').count(), 0, 'no PIN while the station is online');

    await stop(station); // its Last Will: offline
    const pin = await until('an offline PIN', async () => (await api(user.token).code.list.query(ref)).offlinePin?.pin);
    await page.reload();
    const shown = page.locator('[data-testid="offline-pin"]');
    await shown.waitFor();
    assert.equal((await shown.innerText()).trim(), pin);
    await page.getByText('The station is offline right now.').waitFor();
    await screenshot(page, 'doors-offline-pin-en');

    // Estonian, on a desktop.
    const et = await newPage(browser, server.url, { viewport: viewports.desktop, storage: { Bearer: user.token, language: 'et-EE' } });
    await et.goto(`/order/${ref.orderUuid}/${ref.orderLockerUuid}`);
    await et.locator('[data-testid="offline-pin"]').waitFor();
    // The account speaks English: switch the screen to Estonian.
    await et.getByRole('button', { name: 'ET Eesti', exact: true }).first().click();
    await et.getByText('Jaam on praegu võrgust väljas.').waitFor();
    assert.equal((await et.locator('[data-testid="offline-pin"]').innerText()).trim(), pin);
    await screenshot(et, 'doors-offline-pin-et');
    assert.deepEqual(page.problems, [], 'the page logged problems');
    assert.deepEqual(et.problems, [], 'the page logged problems');
    await page.closeAll();
    await et.closeAll();
  });
});
