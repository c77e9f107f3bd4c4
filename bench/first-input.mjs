// What the sign-in screen's start at the first input costs the visitor (issue 44): the
// prerendered form takes typing from the first paint, and its app (React, the live form)
// starts at the first input, so a submit made at once waits for it (the app carries it out,
// src/boot/prerender-handoff.ts). Measured here: in Debian's chromium with Lighthouse's
// mobile network (slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and CPU
// slowdowns (FIRST_INPUT_SLOWDOWNS, default "4,8"), cache empty, against the real lockerd:
// the first contentful paint, and from a key pressed in the e-mail field right after it,
// the time until the app has taken over the form (#root loses data-prerendered).
// Median of FIRST_INPUT_RUNS (default 3). A figure to read, not a gate.
import { launch } from '../e2e/lib/browser.mjs';
import { startLockerd } from '../e2e/lib/lockerd.mjs';

const runs = Number(process.env.FIRST_INPUT_RUNS ?? 3);
const slowdowns = (process.env.FIRST_INPUT_SLOWDOWNS ?? '4,8').split(',').map(Number);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startLockerd();
const browser = await launch();
try {
  for (const rate of slowdowns) {
    const fcp = [];
    const takeover = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime));
      await page.locator('input[name="email"]').press('m');
      const pressed = await page.evaluate(() => performance.now());
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), null, { timeout: 60000, polling: 20 });
      const done = await page.evaluate(() => performance.now());
      takeover.push(done - pressed);
      if ((await page.locator('input[name="email"]').inputValue()) !== 'm') throw new Error('the key pressed before the app ran was lost');
      await context.close();
    }
    console.log(`first input ${rate}× CPU, slow 4G: first contentful paint ${Math.round(median(fcp))} ms; ` +
      `the app takes over ${Math.round(median(takeover))} ms after the first key (runs ${takeover.map(Math.round).join(', ')} ms)`);
  }
} finally {
  await browser.close();
  await server.stop();
}
