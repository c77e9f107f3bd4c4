// Opening a screen as a signed-in (or signed-out) person and checking that it loaded
// cleanly: the two things nearly every browser file does, written once.
import assert from 'node:assert/strict';
import { newPage, viewports } from './browser.mjs';

/** languageTag turns the tests' short language names into the tag the app stores ('en' → 'en-US'). */
export const languageTag = (lang) => (lang === 'en' ? 'en-US' : lang);

/**
 * open starts a fresh page on baseURL as the holder of token (signed out without one), in lang, on viewport
 * (the desktop unless told). With path it loads it, lets the network settle and waits for the heading;
 * without, the page is blank for the test to drive. Other newPage options pass through.
 */
export async function open(browser, baseURL, { token, lang = 'en', viewport = viewports.desktop, path, storage = {}, ...rest } = {}) {
  const page = await newPage(browser, baseURL, {
    viewport,
    storage: { ...(token ? { Bearer: token } : {}), language: languageTag(lang), ...storage },
    ...rest,
  });
  if (path !== undefined) {
    await page.goto(path);
    await page.settle();
    await page.locator('h1').first().waitFor();
  }
  return page;
}

/**
 * assertClean fails when the page logged a problem (console error, page error, failed request, HTTP error
 * answer) other than those the test provoked on purpose: allow lists RegExps a problem may match, or HTTP
 * statuses (numbers) whose answers and console reports are expected.
 */
export function assertClean(page, where, { allow = [] } = {}) {
  const expected = (p) =>
    allow.some((a) =>
      typeof a === 'number' ? p.startsWith(`HTTP ${a}: `) || p.includes(`the server responded with a status of ${a} `) : a.test(p),
    );
  assert.deepEqual(
    page.problems.filter((p) => !expected(p)),
    [],
    `${where}: the page logged problems`,
  );
}

/**
 * loadedAndPainted waits for the moments a screen's deferred work starts at: the load event and the first
 * contentful paint (src/boot/first-screen.ts imports the app at that paint on every screen that does not wait
 * for an input). A test that checks that something did not start waits for these, then asserts: a positive
 * signal that it would have started by now, where a fixed pause only hopes so.
 */
export async function loadedAndPainted(page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => document.visibilityState === 'hidden' || performance.getEntriesByName('first-contentful-paint').length > 0,
  );
  // The paint observer's callback and what it requests run in the next task and frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}
