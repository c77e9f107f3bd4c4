// `make screenshots`: the ten main screens of the consumer journey at 390 px and
// 1280 px, in English and Estonian, written to e2e/artifacts/screens/ (gitignored)
// so a person can review the whole journey in one folder. Runs the real bin/lockerd
// with a throw-away database and a user holding a booked and a reserved order.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { artifacts, launch, newPage } from './lib/browser.mjs';
import { consumer, mainScreens } from './lib/consumer.mjs';
import { startLockerd } from './lib/lockerd.mjs';
import { startMailbox } from './lib/mailbox.mjs';

const out = join(artifacts, 'screens');
const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

const mailbox = await startMailbox();
const server = await startLockerd({ env: { SMTP_URL: mailbox.smtpURL, MAIL_FROM: 'Lockers <no-reply@lockers.test>' } });
const browser = await launch();
let written = 0;
try {
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  for (const lang of ['en', 'et']) {
    const who = await consumer(server.url, mailbox, lang);
    for (const [size, viewport] of Object.entries(widths)) {
      for (const [name, path, signedIn] of mainScreens(who)) {
        const storage = { language: lang === 'et' ? 'et' : 'en-US', ...(signedIn ? { Bearer: who.token } : {}) };
        const page = await newPage(browser, server.url, { viewport, storage });
        try {
          await page.goto(path);
          await page.locator('section[data-page] h1').first().waitFor({ timeout: 10000 });
          await page.waitForLoadState('networkidle');
          const file = join(out, `${String(mainScreens(who).findIndex(([n]) => n === name) + 1).padStart(2, '0')}-${name}-${lang}-${viewport.width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          written++;
          if (page.problems.length) console.warn(`${name} (${lang}, ${size}): ${page.problems.join('; ')}`);
        } finally {
          await page.closeAll();
        }
      }
    }
  }
  console.log(`${written} screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
  await mailbox.stop();
}
