// Issue reports and the help editor in a real browser against the real binary
// (issue 16): a user reports a problem with a photo from an order locker's page; an
// operator sees the report with its photo in /admin/issues and answers it; the user
// sees the answer and the state on /issues. A "photo" that is not an image is refused
// by the server with BAD_INPUT, shown at the photo field, and nothing is filed. An
// ADMIN edits a help article in /admin/help and readers see the change.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { screenshot, viewports } from '../lib/browser.mjs';
import { open as openPage } from '../lib/pages.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { consumer } from '../lib/consumer.mjs';
import { grantRole } from '../lib/lockerd.mjs';
import { png } from '../lib/png.mjs';
import { client } from '../lib/trpc.mjs';

const stack = await stackForFile();
const { server, mailbox, browser } = stack;
let admin;
let customer;

/** photo is a small valid PNG (w×h, light grey). */
const photo = (w, h) => png(w, h, () => [0xc8, 0xc8, 0xc8]);

before(async () => {
  [admin, customer] = await Promise.all([registerUser(server.url, mailbox), consumer(server.url, mailbox)]);
  grantRole(server, admin.email, 'ADMIN');
});

const open = (who, path, options) => openPage(browser, server.url, { token: who.token, path, ...options });

/** loaded waits until an <img> has really decoded (a broken photo has no natural width). */
async function loaded(img) {
  await img.waitFor();
  await img.evaluate((el) => (el.complete ? null : new Promise((r) => el.addEventListener('load', r, { once: true }))));
  return img.evaluate((el) => [el.naturalWidth, el.naturalHeight]);
}

describe('issue reports', () => {
  const text = `The shelf is sticky (${Date.now()})`;
  const answer = 'Cleaned this morning, sorry for the trouble!';

  it('goes from the order locker page, with a photo, to the operator, and the answer back to the user', async () => {
    const page = await open(customer, `/order/${customer.order}/${customer.locker}`, { viewport: viewports.phone });
    const section = page.locator('section[data-page="orderLocker"]');
    await section.getByRole('button', { name: 'Report a problem' }).click();
    const form = section.getByRole('form', { name: 'Report a problem' });
    await form.getByLabel('What is wrong?').selectOption({ label: 'The locker is dirty' });
    await form.getByLabel('Describe the problem').fill(text);
    // The name says nothing: the server reads the bytes.
    await form.getByLabel(/^Photo/).setInputFiles({ name: 'IMG_0001', mimeType: 'application/octet-stream', buffer: photo(32, 24) });
    const upload = page.waitForResponse((r) => r.url().endsWith('/c-core/issues/photos') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send report' }).click();
    assert.equal((await upload).status(), 201);
    await section.getByText('Thank you! Your report has been sent.').waitFor();
    await screenshot(page, 'issue-reported-en-phone');
    assert.deepEqual(page.problems, [], 'the order locker page logged problems');
    await section.getByRole('link', { name: 'See my reports' }).click();
    await page.waitForURL('**/issues');

    // The user's list: the report, open, with its photo and no answer yet.
    const mine = page.locator('section[data-page="issues"]').getByRole('list', { name: 'My reports' });
    const card = mine.getByRole('listitem').filter({ hasText: text });
    await card.locator('[data-issue-state="open"]').waitFor();
    await card.getByText('No answer yet').waitFor();
    await card.getByText('Viru Keskus', { exact: false }).waitFor();
    assert.deepEqual(await loaded(card.getByRole('img', { name: 'Photo attached to the report' })), [32, 24]);
    await page.closeAll();

    // The operator finds it among the open issues, sees the photo and answers by resolving it.
    const office = await open(admin, '/admin/issues?kind=user_report');
    const list = office.locator('section[data-page="adminIssues"]');
    await list.getByRole('link', { name: 'Reported by a user · Dirty' }).first().click();
    await list.getByText(text).waitFor();
    await list.locator('[data-issue-state="open"]').waitFor();
    assert.deepEqual(await loaded(list.locator('img[data-issue-photo]')), [32, 24]);
    await list.getByText('Notes on a problem a user reported are your answer').waitFor();
    await screenshot(office, 'admin-issue-user-report-en');
    await list.getByRole('button', { name: 'Resolve' }).click();
    const dialog = office.getByRole('dialog');
    await dialog.getByLabel('Note (why)').fill(answer);
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await list.locator('[data-issue-state="resolved"]').waitFor();
    assert.deepEqual(office.problems, [], '/admin/issues logged problems');
    await office.closeAll();

    // The user sees the answer and the new state, in Estonian too (the account's language wins over the device's).
    await client(`${server.url}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${customer.token}` } }).trpc.auth.update.mutate({ language: 'et' });
    const back = await open(customer, '/issues', { lang: 'et' });
    const again = back.locator('section[data-page="issues"]').getByRole('listitem').filter({ hasText: text });
    await again.locator('[data-issue-state="resolved"]').waitFor();
    await again.getByText('Lahendatud', { exact: true }).waitFor();
    await again.locator('[data-answer]').getByText(answer).waitFor();
    await screenshot(back, 'issues-answered-et');
    assert.deepEqual(back.problems, [], '/issues logged problems');
    await back.closeAll();
  });

  it('serves a photo only to its owner and to operators', async () => {
    const stranger = await registerUser(server.url, mailbox);
    const up = await fetch(`${server.url}/c-core/issues/photos`, { method: 'POST', headers: { authorization: `Bearer ${customer.token}` }, body: photo(4, 4) });
    assert.equal(up.status, 201);
    const { photoRef } = await up.json();
    const get = (token) => fetch(`${server.url}/c-core/issues/photos/${photoRef}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const own = await get(customer.token);
    assert.equal(own.status, 200);
    assert.equal(own.headers.get('content-type'), 'image/png');
    assert.equal((await get(admin.token)).status, 200);
    const theirs = await get(stranger.token);
    assert.equal(theirs.status, 404);
    assert.equal((await theirs.json()).appCode, 'BAD_INPUT');
    assert.equal((await get('')).status, 401);
  });

  it('refuses a "photo" that is not an image with BAD_INPUT, at the photo field, and files nothing', async () => {
    const someone = await registerUser(server.url, mailbox);
    const page = await open(someone, '/issues');
    const section = page.locator('section[data-page="issues"]');
    await section.getByText('You have not reported any problems.').waitFor();
    const form = section.getByRole('form', { name: 'Report a problem' });
    await form.getByLabel('What is wrong?').selectOption({ label: 'Something is damaged' });
    await form.getByLabel('Describe the problem').fill('The door hinge is bent');
    // A text file dressed up as a JPEG by its name and type.
    await form.getByLabel(/^Photo/).setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a picture at all') });
    const upload = page.waitForResponse((r) => r.url().endsWith('/c-core/issues/photos'));
    await form.getByRole('button', { name: 'Send report' }).click();
    const res = await upload;
    assert.equal(res.status(), 400);
    assert.deepEqual(await res.json(), { appCode: 'BAD_INPUT', field: 'photo' });
    const photoField = form.locator('[data-slot="field"]').filter({ has: page.getByLabel(/^Photo/) });
    await photoField.getByRole('alert').getByText('This file is not a JPEG or PNG picture of at most 5 MB.').waitFor();
    assert.equal(await form.getByLabel(/^Photo/).getAttribute('aria-invalid'), 'true');
    // What was typed stays, and no report was filed.
    assert.equal(await form.getByLabel('Describe the problem').inputValue(), 'The door hinge is bent');
    await section.getByText('You have not reported any problems.').waitFor();
    await screenshot(page, 'issue-photo-refused-en');
    // The refused upload (its answer, and the browser's console line about it) is the only error the page saw.
    assert.deepEqual(page.problems.filter((p) => !p.includes('/c-core/issues/photos') && !p.includes('status of 400')), []);
    await page.closeAll();
  });
});

describe('help editor', () => {
  it('lets an ADMIN edit an article in English and Estonian; readers see the change', async () => {
    const page = await open(admin, '/admin/help');
    const section = page.locator('section[data-page="adminHelp"]');
    await section.locator('[data-help-node="renting"]').getByRole('link', { name: 'Open', exact: true }).click();
    await section.locator('[data-help-node="renting/opening"]').getByRole('link', { name: 'Open', exact: true }).click();
    await section.locator('[data-help-node="renting/opening/door-does-not-open"]').getByRole('link', { name: /^Edit/ }).click();
    const form = section.getByRole('form', { name: 'Edit' });
    const titleEn = form.getByLabel('Title (English)');
    await titleEn.waitFor();
    assert.equal(await titleEn.inputValue(), 'The door does not open');
    // The editor starts from the Markdown, not the rendered page.
    assert.match(await form.getByLabel('Text (Markdown) (Estonian)').inputValue(), /\*\*Kontrolli aega\.\*\*/);
    await titleEn.fill('What to do when the door does not open');
    const bodyEt = form.getByLabel('Text (Markdown) (Estonian)');
    await bodyEt.fill(`${await bodyEt.inputValue()}\n\nHelista **klienditoele**, kui miski ei aita.\n`);
    await form.getByLabel('What changed and why').fill('clearer title, support line');
    await form.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Saved. Readers see the new version now.').waitFor();
    await screenshot(page, 'admin-help-saved-en');
    await section.getByRole('link', { name: 'View it as readers do' }).click();
    await page.waitForURL('**/help/content/renting/opening/door-does-not-open');
    await page.locator('h1', { hasText: 'What to do when the door does not open' }).waitFor();
    assert.deepEqual(page.problems, [], '/admin/help logged problems');
    await page.closeAll();

    // A visitor reading in Estonian gets the new text, rendered from Markdown.
    const reader = await openPage(browser, server.url, { lang: 'et', viewport: viewports.phone });
    await reader.goto('/help/content/renting/opening/door-does-not-open');
    const article = reader.getByTestId('help-article');
    await article.locator('strong', { hasText: 'klienditoele' }).waitFor();
    await reader.closeAll();
  });
});
