// What a screen must show in a browser test: which page component rendered, its own
// content and its main action, in the visitor's language. A route that merely renders
// some heading without errors does not pass; a placeholder passes only as a placeholder.
import assert from 'node:assert/strict';

/** say holds one text in both languages. */
export const say = (en, et) => ({ en, et });

/** The badge every placeholder screen wears (components/coming-soon.tsx). */
const comingSoon = say('Coming soon', 'Tulekul');

/**
 * placeholder marks a screen that a later issue builds. It is asserted AS a
 * placeholder: once someone builds the screen the badge is gone and the test fails
 * until its entry names the screen's own content and main action instead.
 */
export const placeholder = (page) => ({ page, placeholder: true });

/**
 * screen describes a built screen: page is its data-page id, texts are some of its
 * own words, shows are CSS selectors of its own content where words would not do (a
 * coupon card, a code), action is its main action, found by role and name (and href,
 * for a link whose target matters) or by a CSS selector when it has no stable name.
 */
export const screen = (page, { texts = [], shows = [], action } = {}) => ({ page, texts, shows, action });
export const link = (name, href) => ({ role: 'link', name, href });
/** linkTo is a link known by where it leads (a station card, an order card). */
export const linkTo = (css) => ({ css });
export const button = (name) => ({ role: 'button', name });

/** expectScreen waits for spec's screen on page and asserts its content and main action in lang. */
export async function expectScreen(page, spec, lang) {
  const where = `${spec.page} (${lang}) at ${new URL(page.url()).pathname}`;
  const section = page.locator(`section[data-page="${spec.page}"]`);
  try {
    await section.waitFor({ timeout: 10000 });
    if (spec.placeholder) {
      await section.getByText(comingSoon[lang], { exact: true }).waitFor({ timeout: 2000 });
      return;
    }
    assert.equal(await section.getByText(comingSoon[lang], { exact: true }).count(), 0, `${where} is built, not a placeholder`);
    for (const text of spec.texts) await section.getByText(text[lang]).first().waitFor({ timeout: 10000 });
    for (const css of spec.shows) await section.locator(css).first().waitFor({ timeout: 10000 });
    if (spec.action) {
      const { role, name, href, css } = spec.action;
      let target = css ? section.locator(css) : section.getByRole(role, { name: name[lang], exact: typeof name[lang] === 'string' });
      if (href) target = target.and(page.locator(`[href="${href}"]`));
      // Only what the visitor can see counts (a phone hides, say, the map's markers).
      target = target.filter({ visible: true }).first();
      await target.waitFor({ timeout: 10000 });
      assert.ok(await target.isEnabled(), `${where}: the main action is usable`);
    }
  } catch (err) {
    // What the page shows instead: where it went and which screen rendered.
    const shown = await page
      .evaluate(() => [...document.querySelectorAll('section[data-page]')].map((s) => `${s.dataset.page}: ${s.querySelector('h1')?.textContent ?? ''}`))
      .catch(() => []);
    err.message = `${where}: ${err.message}\n  now at ${page.url()}, showing ${JSON.stringify(shown)}\n  problems on the page: ${JSON.stringify(page.problems ?? [])}`;
    throw err;
  }
}
