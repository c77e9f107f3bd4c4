// The offline banner tells its two reasons apart (issue 46): a phone with no network
// (Chromium's context.setOffline, which fires the page's offline event) says "You are
// offline", a phone online whose server gives no answer (every API request aborted
// at the network, as when lockerd is down) says "The server does not answer" — each
// once, in English and Estonian — and the banner goes when the network or the server
// is back (the app's probe asks the server again every 5 s).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { screenshot, viewports } from '../lib/browser.mjs';
import { assertClean, open } from '../lib/pages.mjs';
import { stackForFile } from '../lib/stack.mjs';

const { server, mailbox, browser } = await stackForFile();

const texts = {
  en: { offline: 'You are offline.', unreachable: 'The server does not answer.' },
  et: { offline: 'Võrguühendus puudub.', unreachable: 'Server ei vasta.' },
};

// What the browser reports while the test cuts it off is what the test did to it.
const cutOff = /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_FAILED|ERR_NETWORK_CHANGED|Failed to load resource: net::|Failed to fetch/;

/** go moves within the app, as a tap on a link does: the next screen asks the server for its own data. */
async function go(page, path) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** count is how often text stands in s. */
const count = (s, text) => s.split(text).length - 1;

describe('the offline banner says why the server cannot be reached', () => {
  for (const [lang, view] of [['en', 'phone'], ['et', 'phone'], ['en', 'desktop']]) {
    const tx = texts[lang];
    const other = lang === 'en' ? texts.et : texts.en;

    it(`says "offline" without network and "the server does not answer" when it is down, each once (${lang}, ${view})`, async () => {
      const user = await registerUser(server.url, mailbox, { language: lang });
      const page = await open(browser, server.url, { token: user.token, lang, viewport: viewports[view], path: '/notifications' });
      try {
        const banner = page.getByTestId('offline-banner');
        assert.equal(await banner.count(), 0, 'a banner while online');

        // No network at all.
        await page.context().setOffline(true);
        await banner.waitFor({ timeout: 2000 });
        assert.equal(await banner.getAttribute('data-connection'), 'offline');
        let text = await banner.innerText();
        assert.ok(text.startsWith(tx.offline), `the banner opens with "${tx.offline}": ${text}`);
        assert.equal(count(text, tx.offline), 1, `said more than once: ${text}`);
        assert.equal(count(text, tx.unreachable), 0, `offline is not "the server does not answer": ${text}`);
        assert.equal(count(text, other.offline), 0, `the other language: ${text}`);
        await screenshot(page, `offline-reason-${lang}-${view}-offline`);
        await page.context().setOffline(false);
        await banner.waitFor({ state: 'detached', timeout: 5000 });

        // Online, but the server gives no answer.
        await page.route('**/c-core/trpc/**', (route) => route.abort('connectionrefused'));
        await go(page, '/coupons');
        await banner.waitFor({ timeout: 5000 });
        assert.equal(await banner.getAttribute('data-connection'), 'unreachable');
        text = await banner.innerText();
        assert.ok(text.startsWith(tx.unreachable), `the banner opens with "${tx.unreachable}": ${text}`);
        assert.equal(count(text, tx.unreachable), 1, `said more than once: ${text}`);
        assert.equal(count(text, tx.offline), 0, `a server that does not answer is not "offline": ${text}`);
        await screenshot(page, `offline-reason-${lang}-${view}-unreachable`);

        // The server answers again: the next probe clears the banner.
        await page.unroute('**/c-core/trpc/**');
        await banner.waitFor({ state: 'detached', timeout: 12000 });

        assertClean(page, 'the offline banner', { allow: [cutOff] });
      } finally {
        await page.closeAll();
      }
    });
  }
});
