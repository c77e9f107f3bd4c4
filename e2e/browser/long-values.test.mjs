// Layouts hold for the longest values the server accepts (issue 46): a first and last
// name of 100 characters without a space, a 200-odd character e-mail address, on a
// 320 px phone and a 1280 px desktop, in English and Estonian. The name form takes
// at most the server's limit and says so when it is reached; the server refuses one
// character more with the catalogue's BAD_INPUT and changes nothing; no screen
// scrolls sideways and every control stays on the screen. At 390 px the day list's
// "3 free" is shown whole.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { device, registerUser } from '../lib/accounts.mjs';
import { viru } from '../lib/booking.mjs';
import { screenshot } from '../lib/browser.mjs';
import { assertClean, open } from '../lib/pages.mjs';
import { stackForFile } from '../lib/stack.mjs';

const nameMax = 100; // account.MaxNameRunes, web/src/lib/field-limits.ts

const texts = {
  en: { firstName: 'First name', save: 'Save', atMost: 'At most 100 characters.', choose: 'Choose a station' },
  et: { firstName: 'Eesnimi', save: 'Salvesta', atMost: 'Kõige rohkem 100 tähemärki.', choose: 'Vali jaam' },
};

const stack = await stackForFile();
const { server, mailbox, browser } = stack;

/** fits asserts that the page does not scroll sideways and that each locator is on the screen, whole. */
async function fits(page, where, locators) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${where}: the page is ${scroll} px wide in a ${inner} px window`);
  for (const [name, locator] of locators) {
    const box = await locator.boundingBox();
    assert.ok(box && box.width > 0 && box.height > 0, `${where}: ${name} is not shown`);
    assert.ok(box.x >= 0 && box.x + box.width <= inner + 0.5, `${where}: ${name} leaves the screen (${JSON.stringify(box)})`);
  }
}

for (const lang of ['en', 'et']) {
  const tx = texts[lang];
  for (const viewport of [{ width: 320, height: 700 }, { width: 1280, height: 900 }]) {
    const phone = viewport.width < 768;
    describe(`the longest accepted values (${lang}, ${viewport.width} px)`, () => {
      it('the name form takes the limit and says it; the server refuses more; every screen fits', async () => {
        const longEmail = `${'e'.repeat(60)}${process.pid}${Date.now()}${viewport.width}@${'d'.repeat(60)}.${'m'.repeat(60)}.example.com`;
        const user = await registerUser(server.url, mailbox, { language: lang, email: longEmail });
        const api = stack.api(user.token);
        // One character more than the limit is refused with the catalogue's code, and nothing changes.
        await assert.rejects(api.auth.update.mutate({ firstName: 'X'.repeat(nameMax + 1) }), (err) => {
          assert.equal(err.data?.appCode ?? err.shape?.data?.appCode ?? err.data?.code, 'BAD_INPUT', JSON.stringify(err.shape ?? err.data));
          return true;
        });
        const page = await open(browser, server.url, { token: user.token, lang, viewport });
        try {
          // The form takes at most the limit and says so, then saves it.
          await page.goto('/profile/personal/name');
          const first = page.getByLabel(tx.firstName);
          await first.fill('Ö'.repeat(300));
          assert.equal((await first.inputValue()).length, nameMax);
          await page.getByText(tx.atMost).first().waitFor();
          await page.locator('input[name="family-name"]').fill('W'.repeat(300));
          await page.getByRole('button', { name: tx.save }).click();
          await page.waitForURL((u) => u.pathname !== '/profile/personal/name', { timeout: 15000 });
          const me = await api.auth.authorize.query(device);
          assert.equal(me.user.firstName, 'Ö'.repeat(nameMax));
          assert.equal(me.user.lastName, 'W'.repeat(nameMax));

          const bottomNav = page.locator('nav.fixed.bottom-0');
          const common = phone ? [['the bottom navigation', bottomNav]] : [];
          await page.goto('/');
          await page.getByTestId('home-book').waitFor();
          await fits(page, '/', [...common, [tx.choose, page.getByTestId('home-book')]]);
          await screenshot(page, `long-values-${lang}-${viewport.width}-home`);
          await page.goto('/book/station');
          await page.locator('[data-station] a').first().waitFor();
          await fits(page, '/book/station', [...common, ['a station', page.locator('[data-station] a').first()]]);
          for (const path of ['/profile', '/profile/personal', '/orders']) {
            await page.goto(path);
            await page.locator('main h1').first().waitFor();
            await fits(page, path, [...common, ['the title', page.locator('main h1').first()]]);
          }
          await screenshot(page, `long-values-${lang}-${viewport.width}-orders`);
          assertClean(page, 'the longest values', { allow: [/auth\.update/] });
        } finally {
          await page.closeAll();
        }
      });
    });
  }

  it(`the day list shows "free" whole at 390 px (${lang})`, async () => {
    const user = await registerUser(server.url, mailbox, { language: lang });
    const page = await open(browser, server.url, { token: user.token, lang, viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`/book/station/${viru}`);
      await page.locator('a[data-product]').first().click();
      await page.waitForURL('**/timeframe');
      const select = page.locator('select[name="start-date"]');
      await select.locator('option[data-free]').first().waitFor({ state: 'attached' });
      // The width the selected day's text needs against the room the select gives it.
      const { need, room, text } = await select.evaluate((el) => {
        const s = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const text = el.selectedOptions[0].textContent;
        return { need: ctx.measureText(text).width, room: el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight), text };
      });
      assert.ok(/free|vaba/.test(text), text);
      assert.ok(need <= room, `"${text}" needs ${need} px, the select gives ${room}`);
      await fits(page, 'timeframe', [['the day list', select]]);
    } finally {
      await page.closeAll();
    }
  });
}
