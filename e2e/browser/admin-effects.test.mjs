// Operator actions and the bookings they touch (issue 30, items 1-3), with two operators
// signed in at once in two browser contexts: a stale save of prices or of a help article
// is refused with the current values shown, not silently undoing the colleague's; a
// double-clicked note is added once and an internal note never reaches the customer;
// taking a compartment out of service lists its bookings first and moves them to a free
// compartment of the same kind, telling the customer; blocking asks why and says what
// happens to the user's rentals, and the blocked user's sign-in says so; deleting a free
// order gives its coupon back and keeps the operator's note out of the customer's sight;
// a goodwill extension is free and applies at once.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage } from '../lib/browser.mjs';
import { bookDay, viru } from '../lib/booking.mjs';
import { assertClean, open } from '../lib/pages.mjs';
import { countBecomes } from '../lib/wait.mjs';
import { grantRole } from '../lib/lockerd.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { client } from '../lib/trpc.mjs';

const stale = 'Someone else saved this in the meantime. The current values are shown now: check them and save again.';

const stack = await stackForFile();
const { server, mailbox, browser } = stack;
let alice; // ADMIN
let bob; // ADMIN
let customer;
let blocked;

const api = (token) => stack.api(token);
const adminApi = (token) => client(`${server.url}/c-core/trpc/admin`, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;

before(async () => {
  [alice, bob, customer, blocked] = await Promise.all([0, 1, 2, 3].map(() => registerUser(server.url, mailbox)));
  grantRole(server, alice.email, 'ADMIN');
  grantRole(server, bob.email, 'ADMIN');
});

/** operator opens path as who, in a browser context of their own. */
const operator = (who, path) => open(browser, server.url, { token: who.token, path });

describe('two operators at once', () => {
  it("refuses a stale save of prices and shows the colleague's values", async () => {
    const a = await operator(alice, `/admin/stations?station=${viru}`);
    const b = await operator(bob, `/admin/stations?station=${viru}`);
    try {
      const pa = a.getByRole('form', { name: 'Prices' });
      const pb = b.getByRole('form', { name: 'Prices' });
      const field = 'Small · Cool: Per day (€)';
      await pb.getByLabel(field).waitFor(); // B has read the prices before A saves

      await pa.getByLabel(field).fill('7.50');
      await pa.getByRole('button', { name: 'Save prices' }).click();
      // A reason is required, and the refusal is said at the reason's own field.
      await pa.getByText('Write a reason: it goes to the audit log.').waitFor();
      assert.equal(await pa.getByLabel('Reason for the new prices').getAttribute('aria-invalid'), 'true');
      await pa.getByLabel('Reason for the new prices').fill('supplier raised the rent');
      await pa.getByRole('button', { name: 'Save prices' }).click();
      await pa.getByText('Saved.').waitFor();

      await pb.getByLabel(field).fill('9.00');
      await pb.getByLabel('Reason for the new prices').fill('stale copy');
      await pb.getByRole('button', { name: 'Save prices' }).click();
      await pb.getByText(stale).waitFor();
      // B now sees A's price, not their own unsaved one.
      await b.waitForFunction((l) => [...document.querySelectorAll('input')].some((i) => i.getAttribute('aria-label') === l && i.value === '7.50'), field);
      const prices = await adminApi(alice.token).stations.prices.query({ stationUuid: viru });
      assert.equal(prices.prices.find((p) => p.height === 'small' && p.temperature === 'cool').dailyCents, 750, "A's price stands");
      const audit = await adminApi(alice.token).events.audit.query({ action: 'admin.stations.setPrices' });
      assert.equal(audit.items.length, 1, 'one price change on record');
      assert.equal(audit.items[0].note, 'supplier raised the rent');
      // The refused saves (no reason: 400; stale: 409) are the only errors the pages saw.
      for (const [page, who] of [[a, 'alice'], [b, 'bob']]) assertClean(page, who, { allow: [/stations\.setPrices/, 400, 409] });
    } finally {
      await a.closeAll();
      await b.closeAll();
    }
  });

  it("refuses a stale save of a help article and keeps the colleague's text", async () => {
    const path = '/admin/help?edit=renting%2Fopening%2Fdoor-does-not-open';
    const a = await operator(alice, path);
    const b = await operator(bob, path);
    try {
      const fa = a.getByRole('form', { name: 'Edit' });
      const fb = b.getByRole('form', { name: 'Edit' });
      await fb.getByLabel('Title (English)').waitFor();
      await fa.getByLabel('Title (English)').fill("A's title for the stuck door");
      await fa.getByLabel('What changed and why').fill('clearer title');
      await fa.getByRole('button', { name: 'Save' }).click();
      await a.getByText('Saved. Readers see the new version now.').waitFor();

      await fb.getByLabel('Text (Markdown) (Estonian)').fill("B's Estonian text");
      await fb.getByLabel('What changed and why').fill('stale copy');
      await fb.getByRole('button', { name: 'Save' }).click();
      await b.getByText(stale).waitFor();
      // The alert comes with the refusal; the colleague's text follows once the article is read again.
      const title = fb.getByLabel('Title (English)');
      await b.waitForFunction((el) => el.value === "A's title for the stuck door", await title.elementHandle(), { timeout: 10000 }).catch(() => {});
      assert.equal(await title.inputValue(), "A's title for the stuck door", "B's form shows A's text now");
      const src = await adminApi(alice.token).help.source.query({ path: 'renting/opening/door-does-not-open' });
      assert.equal(src.title.en, "A's title for the stuck door");
      assert.notEqual(src.body.et, "B's Estonian text");
    } finally {
      await a.closeAll();
      await b.closeAll();
    }
  });

  it('adds a double-clicked note once; an internal note never reaches the customer', async () => {
    const report = await api(customer.token).issue.create.mutate({ category: 'dirty', text: 'Sticky shelf in my locker' });
    const a = await operator(alice, `/admin/issues?issue=${report.uuid}`);
    const b = await operator(bob, `/admin/issues?issue=${report.uuid}`);
    try {
      await a.getByRole('button', { name: 'Add a note' }).click();
      const da = a.getByRole('dialog');
      await da.getByText('Without the tick, the note goes to the customer who reported this: they see it and are notified.').waitFor();
      await da.getByLabel('Internal note: only operators see it').check();
      await da.getByText('Internal notes stay in the back office; the customer never sees them.').waitFor();
      await da.getByLabel('Note (why)').fill('regular customer, be kind');
      await da.getByRole('button', { name: 'Add a note' }).dblclick();
      await da.waitFor({ state: 'hidden' });

      await b.getByRole('button', { name: 'Add a note' }).click();
      const db = b.getByRole('dialog');
      await db.getByLabel('Note (why)').fill('We cleaned it this morning, sorry!');
      await db.getByRole('button', { name: 'Add a note' }).click();
      await db.waitFor({ state: 'hidden' });

      await b.reload();
      await b.settle();
      const notes = b.locator('table[aria-label="Notes"] tbody tr');
      await countBecomes(notes, 2, 'one internal note (sent twice) and one for the customer');
      await b.locator('[data-internal-note="true"]').getByText('Internal').waitFor();
      await b.locator('[data-internal-note="false"]').getByText('Seen by the customer').waitFor();
      const mine = (await api(customer.token).issue.list.query()).find((i) => i.uuid === report.uuid);
      assert.deepEqual(mine.answers.map((x) => x.text), ['We cleaned it this morning, sorry!'], 'the customer sees only the answer');
    } finally {
      await a.closeAll();
      await b.closeAll();
    }
  });
});

describe('what an operator action does to the bookings', () => {
  it('takes a compartment out of service only after listing its bookings, and moves them', async () => {
    const booked = await bookDay(api(customer.token), 3, { temperature: 'cool' });
    const from = booked.lockers[0].label;
    const page = await operator(alice, `/admin/stations?station=${viru}`);
    try {
      const row = page.locator(`tr[data-compartment="${from}"]`);
      await row.getByRole('button', { name: 'Take out of service' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Bookings on this compartment: 1. Taking it out of service does this to them:').waitFor();
      const effect = dialog.locator(`[data-order="${booked.uuid}"]`);
      assert.equal(await effect.getAttribute('data-effect'), 'move');
      const to = (await effect.textContent()).match(/moves to (\S+) \(same size and temperature\)/)[1];
      await dialog.getByRole('button', { name: 'Take out of service' }).click();
      await dialog.getByText('Please write a note: it goes to the audit log.').waitFor();
      await dialog.getByLabel('Reason for taking it out of service or back').fill('door hinge broken');
      await dialog.getByRole('button', { name: 'Take out of service' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(`${from}: Out of service. What became of its bookings:`).waitFor();
      await row.getByText('Out of service', { exact: true }).waitFor();

      const now = await api(customer.token).order.get.query({ orderUuid: booked.uuid });
      assert.equal(now.lockers[0].label, to, 'the booking moved to the free compartment');
      assert.equal(now.lockers[0].deliveryCode.code, booked.lockers[0].deliveryCode.code, 'its codes stay');
      const told = await api(customer.token).notification.list.query({});
      assert.ok(told.items.some((n) => n.kind === 'locker_moved' && n.params?.locker === to), 'the customer is told');
      const audit = await adminApi(alice.token).events.audit.query({ action: 'admin.stations.updateCompartment' });
      assert.equal(audit.items[0].note, 'door hinge broken');
      assertClean(page, 'two operators');
    } finally {
      await page.closeAll();
    }
  });

  it("blocks a user with a reason, saying what happens to their rentals; their sign-in says they're blocked", async () => {
    await bookDay(api(blocked.token), 4);
    const page = await operator(alice, `/admin/users?user=${blocked.user.id}`);
    const login = await newPage(browser, server.url);
    try {
      await page.getByRole('button', { name: 'Block', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Booked and running rentals: 1').waitFor();
      await dialog.getByText(/Blocking leaves these rentals as they are/).waitFor();
      await dialog.getByRole('button', { name: 'Block', exact: true }).click();
      await dialog.getByText('Please write a note: it goes to the audit log.').waitFor();
      await dialog.getByLabel('Reason (kept in the audit log)').fill('chargebacks on three cards');
      await dialog.getByRole('button', { name: 'Block', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Unblock' }).waitFor();

      await login.goto('/login');
      await login.getByLabel('E-mail').fill(blocked.email);
      await login.getByLabel('Password', { exact: true }).fill(blocked.password);
      await login.getByRole('button', { name: 'Sign in' }).last().click();
      await login.getByText('This account is blocked. Please contact our support.').waitFor();
      const audit = await adminApi(alice.token).events.audit.query({ action: 'admin.users.block' });
      assert.equal(audit.items[0].note, 'chargebacks on three cards');
    } finally {
      await page.closeAll();
      await login.closeAll();
    }
  });

  it("deletes a free order: the coupon comes back and the note stays out of the customer's sight", async () => {
    const free = await bookDay(api(customer.token), 5);
    const before = (await api(customer.token).coupon.list.query()).reduce((n, c) => n + c.remaining, 0);
    const page = await operator(bob, `/admin/orders?order=${free.uuid}`);
    try {
      await page.getByRole('button', { name: 'Delete order' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(/a free order gets its coupon back/).waitFor();
      await dialog.getByLabel('Note (why)').fill('internal: duplicate of a phone booking');
      await dialog.getByRole('button', { name: 'Delete order' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('[data-order-status="deleted"]').waitFor();
      const o = await api(customer.token).order.get.query({ orderUuid: free.uuid });
      assert.equal(o.cancelNote, null, "the operator's note is not the customer's cancel reason");
      const afterCount = (await api(customer.token).coupon.list.query()).reduce((n, c) => n + c.remaining, 0);
      assert.equal(afterCount, before + 1, 'the free order is given back');
    } finally {
      await page.closeAll();
    }
  });

  it('extends a rental as goodwill: free, at once, and the audit says so', async () => {
    const rental = await bookDay(api(customer.token), 6);
    const page = await operator(alice, `/admin/orders?order=${rental.uuid}`);
    try {
      await page.locator('table[aria-label="Lockers"]').getByRole('button', { name: 'Extend' }).click();
      const dialog = page.getByRole('dialog');
      assert.equal(await dialog.getByLabel('Goodwill: free for the customer').isChecked(), true);
      await dialog.getByLabel('Note (why)').fill('sorry for the broken door');
      await dialog.getByRole('button', { name: 'Extend' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('[data-order-status="extended"]').waitFor();
      const o = await api(customer.token).order.get.query({ orderUuid: rental.uuid });
      assert.ok(new Date(o.end) > new Date(rental.end), 'the end moved at once');
      assert.equal(await page.locator('[data-pending-extension]').count(), 0, 'nothing waits for a payment');
      const audit = await adminApi(alice.token).events.audit.query({ action: 'admin.orders.extend', targetId: rental.uuid });
      assert.match(audit.items[0].after, /"goodwill":true/);
    } finally {
      await page.closeAll();
    }
  });
});
