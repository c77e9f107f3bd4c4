// Browser journeys of the help centre and the guide (issue 16) against the real
// binary, whose help texts are seeded at start-up from internal/help/content: a
// visitor walks three levels deep in Estonian on a phone and reads an article, goes
// back by the breadcrumbs, searches in both languages, lands on "Not found" for a
// path that does not exist and finds the way back; the guide shows its steps with
// their drawings. Screens are saved at 390 px and desktop width in both languages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screenshot, viewports } from '../lib/browser.mjs';
import { assertClean, open as openPage } from '../lib/pages.mjs';
import { stackForFile } from '../lib/stack.mjs';

const { server, browser } = await stackForFile();

/** open starts a fresh visitor (signed out) in lang on a phone or a desktop. */
const open = (lang, viewport = viewports.phone) => openPage(browser, server.url, { lang, viewport });

async function h1(page, text) {
  await page.locator('h1', { hasText: text }).first().waitFor({ timeout: 10000 });
  assert.equal((await page.locator('h1').first().innerText()).trim(), text);
}

/** The only errors a help page may log are the 404 of a topic that does not exist. */
const topicNotFound = [/HTTP 404: GET .*help\.(tree|article)/, /status of 404/];

describe('help centre', () => {
  it('walks three levels deep in Estonian, reads an article and comes back by the breadcrumbs', async () => {
    const page = await open('et');
    try {
      await page.goto('/help');
      await h1(page, 'Abi');
      await page.getByText('Vastused levinud küsimustele rentimise').waitFor();
      await screenshot(page, 'help-top-et-phone');

      await page.getByRole('link', { name: 'Kapi rentimine', exact: true }).click();
      await page.waitForURL('**/help/list/renting');
      await h1(page, 'Kapi rentimine');

      await page.getByRole('link', { name: 'Ukse avamine', exact: true }).click();
      await page.waitForURL('**/help/list/renting/opening');
      await h1(page, 'Ukse avamine');
      const crumbs = page.getByRole('navigation', { name: 'Sa oled siin' });
      assert.deepEqual(await crumbs.getByRole('link').allInnerTexts(), ['Abi', 'Kapi rentimine']);
      await screenshot(page, 'help-list-et-phone');

      await page.getByRole('link', { name: 'Uks ei avane', exact: true }).click();
      await page.waitForURL('**/help/content/renting/opening/door-does-not-open');
      await h1(page, 'Uks ei avane');
      const article = page.getByTestId('help-article');
      await article.getByText('Kontrolli aega.').waitFor();
      // Markdown became lists and bold text, and nothing executable reached the page.
      assert.equal(await article.locator('ol > li').count(), 4);
      assert.equal(await article.locator('script, iframe, [onclick], [onerror]').count(), 0);
      assert.deepEqual(await crumbs.getByRole('link').allInnerTexts(), ['Abi', 'Kapi rentimine', 'Ukse avamine']);
      assert.equal(await page.title(), 'Uks ei avane · Lockers');
      await screenshot(page, 'help-article-et-phone');

      // A phone shows the article without sideways scrolling.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);

      await crumbs.getByRole('link', { name: 'Kapi rentimine', exact: true }).click();
      await page.waitForURL('**/help/list/renting');
      await h1(page, 'Kapi rentimine');
      assertClean(page, 'help navigation');
    } finally {
      await page.closeAll();
    }
  });

  it('links inside an article stay in the app', async () => {
    const page = await open('en', viewports.desktop);
    try {
      await page.goto('/help/content/renting/booking/book-and-pay');
      await h1(page, 'Booking and paying');
      await screenshot(page, 'help-article-en-desktop');
      const marker = await page.evaluate(() => (window.__stay = 'same document'));
      await page.getByTestId('help-article').getByRole('link', { name: 'Choosing a station and a locker' }).click();
      await page.waitForURL('**/help/content/renting/booking/choose-a-locker');
      await h1(page, 'Choosing a station and a locker');
      assert.equal(await page.evaluate(() => window.__stay), marker, 'the link did not reload the app');
      assertClean(page, 'article link');
    } finally {
      await page.closeAll();
    }
  });

  it('searches in Estonian and in English, titles first', async () => {
    const page = await open('et');
    try {
      await page.goto('/help');
      await h1(page, 'Abi');
      await page.getByRole('searchbox', { name: 'Otsi abist' }).fill('arve');
      await page.getByRole('button', { name: 'Otsi', exact: true }).click();
      const results = page.getByTestId('help-results');
      await results.getByText('Tulemused päringule „arve“').waitFor();
      assert.equal((await results.getByRole('link').first().locator('span').first().innerText()).trim(), 'Arved');
      assert.match(page.url(), /\?q=arve$/);
      await screenshot(page, 'help-search-et-phone');

      await results.getByRole('link').first().click();
      await page.waitForURL('**/help/content/payments/invoices');
      await h1(page, 'Arved');
      // Back keeps the search.
      await page.goBack();
      await results.getByText('Tulemused päringule „arve“').waitFor();

      // Typing alone searches (after a pause); nothing found says so.
      await page.getByRole('searchbox', { name: 'Otsi abist' }).fill('kvantarvuti');
      await results.getByText('Päringule „kvantarvuti“ ei leitud midagi.').waitFor();
      assertClean(page, 'Estonian search');
    } finally {
      await page.closeAll();
    }
    const en = await open('en', viewports.desktop);
    try {
      await en.goto('/help?q=refund');
      const results = en.getByTestId('help-results');
      await results.getByText('Results for “refund”').waitFor();
      assert.equal((await results.getByRole('link').first().locator('span').first().innerText()).trim(), 'Cancelling and refunds');
      await screenshot(en, 'help-search-en-desktop');
      assertClean(en, 'English search');
    } finally {
      await en.closeAll();
    }
  });

  it('an unknown topic or article reaches "Not found" with a way back', async () => {
    for (const [lang, path, title, back] of [
      ['en', '/help/content/renting/no-such-article', 'Not found', 'Back to help'],
      ['et', '/help/list/renting/no-such-section', 'Ei leitud', 'Tagasi abi juurde'],
      ['en', '/help/list/renting/opening/door-does-not-open', 'Not found', 'Back to help'], // an article is not a section
    ]) {
      const page = await open(lang);
      try {
        await page.goto(path);
        await page.waitForURL('**/help/not-found');
        await h1(page, title);
        if (lang === 'en') await page.getByText('We could not find this help topic.').waitFor();
        await page.getByRole('link', { name: back, exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/help');
        await page.locator('section[data-page="help"]').waitFor();
        assertClean(page, path, { allow: topicNotFound });
      } finally {
        await page.closeAll();
      }
    }
  });
});

describe('guide', () => {
  it('explains renting step by step with its drawings, in English and Estonian', async () => {
    for (const [lang, viewport, first, last, book] of [
      ['en', viewports.phone, 'Choose a station and a locker', 'Extend or finish', 'Book a locker'],
      ['et', viewports.desktop, 'Vali jaam ja kapp', 'Pikenda või lõpeta', 'Broneeri kapp'],
    ]) {
      const page = await open(lang, viewport);
      try {
        await page.goto('/guide');
        await h1(page, lang === 'en' ? 'Guide' : 'Juhend');
        const steps = page.getByTestId('guide-step');
        assert.equal(await steps.count(), 5);
        assert.equal((await steps.first().getByRole('heading').innerText()).trim(), first);
        assert.equal((await steps.last().getByRole('heading').innerText()).trim(), last);
        for (let i = 0; i < 5; i++) assert.equal(await steps.nth(i).locator('svg').count(), 1, `step ${i + 1} has its drawing`);
        await screenshot(page, `guide-${lang}-${viewport === viewports.phone ? 'phone' : 'desktop'}`);
        assert.equal(await page.locator('section[data-page="guide"]').getByRole('link', { name: book, exact: true }).getAttribute('href'), '/book');
        await page.getByRole('link', { name: lang === 'en' ? 'More questions? Visit the help centre' : 'Veel küsimusi? Vaata abikeskust' }).click();
        await page.waitForURL((u) => u.pathname === '/help');
        assertClean(page, `guide (${lang})`);
      } finally {
        await page.closeAll();
      }
    }
  });
});
