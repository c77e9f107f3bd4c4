// Issue 42: an invoice is a document. A customer whose name has an emoji and is
// Cyrillic pays an order on the demo checkout page and downloads the invoice's PDF
// from the order page (it prints the name, an emoji as "�", and never fails); the
// customer renames themselves; the same invoice, downloaded again, reads the same.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, viewports } from '../lib/browser.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { bookDay, spendFreeOrders } from '../lib/booking.mjs';

const stack = await stackForFile();

/** pdfText is the text of a PDF (pdftotext, which .ci/run installs). */
function pdfText(bytes) {
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
  assert.equal(out.status, 0, `pdftotext: ${out.error ?? out.stderr}`);
  return out.stdout;
}

describe('invoice of a customer with an emoji and a Cyrillic name', () => {
  let user;
  let page;
  let orderUuid;
  let lockerUuid;

  before(async () => {
    const { server, mailbox, browser } = stack;
    user = await registerUser(server.url, mailbox, { language: 'en' });
    const api = stack.api(user.token);
    await api.auth.update.mutate({ firstName: 'Mari-Liis 🙂🚲', lastName: 'Ёлкина', language: 'en' });
    // The free orders of the tutorial go first, so the next one costs money.
    await spendFreeOrders(api);
    const confirmed = await bookDay(api, 2);
    assert.equal(confirmed.status, 'unpaid');
    orderUuid = confirmed.uuid;
    page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { Bearer: user.token, language: 'en-US' } });
  });

  after(async () => {
    await page?.closeAll();
  });

  /** download opens the order page and fetches its invoice's PDF as the browser would. */
  async function download() {
    await page.goto(`/order/${orderUuid}/${lockerUuid}`);
    const row = page.locator('[data-invoice-kind="invoice"]');
    await row.waitFor({ timeout: 15000 });
    const href = await row.locator('[data-testid="invoice-pdf"]').getAttribute('href');
    const res = await page.request.get(href);
    assert.equal(res.status(), 200, `GET ${href}`);
    assert.equal(res.headers()['content-type'], 'application/pdf');
    return pdfText(await res.body());
  }

  it('pays, downloads the invoice with the name as entered, renames, and downloads the same text', async () => {
    const link = await stack.api(user.token).order.paymentLink.mutate({ orderUuid, lang: 'en' });
    await page.goto(link.url);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/book/${orderUuid}/done`, { timeout: 20000 });
    const order = await stack.api(user.token).order.get.query({ orderUuid });
    assert.equal(order.payment.state, 'paid');
    lockerUuid = order.lockers[0].uuid;

    const first = await download();
    assert.match(first, /Mari-Liis �� Ёлкина/, first);
    assert.match(first, /Invoice/);

    await stack.api(user.token).auth.update.mutate({ firstName: 'Mari', lastName: 'Tamm', language: 'en' });
    const again = await download();
    assert.equal(again, first, 'the issued invoice changed after the profile did');
    assert.deepEqual(page.problems, [], 'the pages logged problems');
  });
});
