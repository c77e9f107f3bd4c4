// axe-core run inside the page, the way @axe-core/playwright's legacy mode runs it, but
// injected once per document: the builder evaluated axe's 550 kB source twice on every
// analyze (once to probe, once per frame), which was about half of the accessibility
// test's time, while that test moves through the routes inside one document.
import axe from 'axe-core';

/** The WCAG 2.1 A and AA rules (axe's tags). */
export const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * analyze runs axe's rules with the given tags on the page's document and returns axe's
 * results (violations, passes, incomplete, inapplicable). The app has no frames of its own.
 */
export async function analyze(page, tags = wcag21aa) {
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function'))) {
    await page.evaluate(axe.source);
    await page.evaluate(() => window.axe.configure({ allowedOrigins: ['<same_origin>'] }));
  }
  return page.evaluate((values) => window.axe.run(document, { runOnly: { type: 'tag', values } }), tags);
}
