// Browser journey of issue 13's offline PIN against the real binary with the MQTT
// controller: Mosquitto on a free port, lockerd with CONTROLLER=mqtt and the
// station program (`lockerd station-sim`) playing Viru Keskus. While the station
// is connected the order-locker page shows no PIN; once the station program is
// gone (its Last Will says offline), the page shows the time-window PIN the
// cabinet can check by itself, and it is the one code.list gives. A machine
// without a mosquitto binary fails the file at once, naming the package (.ci/run
// installs it).
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
import { bookFromNow, viru } from '../lib/booking.mjs';
import { assertClean } from '../lib/pages.mjs';
import { until } from '../lib/wait.mjs';

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

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((res) => {
    child.once('exit', res);
    child.kill('SIGTERM');
  });
}

const api = (token) => client(hybrid, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;

describe('offline PIN (en, et)', () => {
  before(async () => {
    assert.ok(mosquitto, 'no mosquitto binary: install the Debian package mosquitto (.ci/run does)');
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
    const booked = await bookFromNow(api(user.token), 2);
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
    assertClean(page, 'offline PIN (en)');
    assertClean(et, 'offline PIN (et)');
    await page.closeAll();
    await et.closeAll();
  });
});
