// Small helpers for filling the app's forms in playwright journeys.
import { screenshot } from './browser.mjs';

/**
 * waitForPath waits until the page's path is exactly path. When it never gets
 * there, the error names where the page is and what went wrong on it, and a
 * screenshot of the screen is kept in e2e/artifacts/.
 */
export async function waitForPath(page, path, timeout = 10000) {
  try {
    await page.waitForURL((u) => u.pathname === path, { timeout });
  } catch (err) {
    await screenshot(page, `stuck-before${path.replace(/[^a-z0-9]+/gi, '-')}`, { always: true }).catch(() => {});
    err.message += `\n  still at ${new URL(page.url()).pathname}; problems on the page: ${JSON.stringify(page.problems ?? [])}`;
    throw err;
  }
}

/**
 * typeCode types a verification code digit by digit into the code cells, as a person
 * would: the first cell has focus, each digit moves it on, the last one submits.
 */
export async function typeCode(page, code) {
  const first = page.getByRole('textbox', { name: /^(Digit 1 of|1\. number)/ });
  await first.click();
  await page.keyboard.type(code, { delay: 30 });
}
