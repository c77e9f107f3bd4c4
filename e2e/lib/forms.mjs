// Small helpers for filling the app's forms in playwright journeys.

/** waitForPath waits until the page's path is exactly path. */
export async function waitForPath(page, path, timeout = 10000) {
  await page.waitForURL((u) => u.pathname === path, { timeout });
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
