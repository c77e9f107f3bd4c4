// Contract test of payments with the unmodified @trpc/client against the real binary
// and its built-in demo provider: a one-time payment link paid on the provider's page
// (the order is booked by the provider's signed notification, never by the return
// page), a card saved on its page and charged in one tap (processing, then paid),
// a cancel within 15 minutes refunded, and someone else's ids not found.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { bookDay, orderWhen } from '../lib/booking.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { rejection } from '../lib/trpc.mjs';
import { until } from '../lib/wait.mjs';

const stack = await stackForFile({}, { browser: false });
const { server, mailbox } = stack;
const as = (token) => stack.api(token);

/** choose posts a demo provider page's form, as the browser does, and returns where it sends the browser. */
async function choose(pageURL, fields) {
  const res = await fetch(pageURL, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  assert.equal(res.status, 303, `the page answered ${res.status}`);
  return new URL(res.headers.get('location'));
}

describe('payments over @trpc/client with the demo provider', () => {
  let ann;
  let bob;
  before(async () => {
    [ann, bob] = await Promise.all([registerUser(server.url, mailbox), registerUser(server.url, mailbox)]);
    // The first three orders are free (the FIRST3 coupon); the fourth costs money.
    const api = as(ann.token);
    for (const offset of [3, 4, 5]) assert.equal((await bookDay(api, offset)).status, 'booked');
  });

  it('pays an order by a one-time link on the provider page; the notification books it', async () => {
    const api = as(ann.token);
    const order = await bookDay(api, 1);
    assert.equal(order.status, 'unpaid');
    assert.equal(order.canPay, true);
    assert.equal(order.payment.dueFor, 'order');
    assert.ok(order.payment.dueCents > 0 && order.payment.dueCents === order.totalCents);

    const link = await api.order.paymentLink.mutate({ orderUuid: order.uuid, lang: 'en' });
    assert.equal(link.order.payment.state, 'pending');
    const page = await fetch(link.url);
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(html, /Demo payment provider — no real money is charged\./);
    assert.match(page.headers.get('content-security-policy'), /form-action 'self'/);

    const back = await choose(link.url, { action: 'pay' });
    assert.equal(back.pathname, '/callback/order-payment/success');
    assert.equal(back.searchParams.get('orderUuid'), order.uuid);
    const paid = await orderWhen(api, order.uuid, (o) => o.status === 'booked');
    assert.equal(paid.status, 'booked');
    assert.equal(paid.payment.state, 'paid');
    assert.equal(paid.payment.paidCents, order.payment.dueCents);
    assert.equal(paid.canPay, false);

    // Cancelled within 15 minutes of its creation: the payment goes back.
    assert.equal(paid.refundable, true);
    const cancelled = await api.order.cancel.mutate({ orderUuid: order.uuid, note: 'just testing' });
    assert.equal(cancelled.status, 'refunded');
    assert.equal(cancelled.payment.refundedCents, order.payment.dueCents);
    assert.equal(cancelled.payment.paidCents, 0);
  });

  it('saves a card on its page, makes it the default and charges it in one tap', async () => {
    const api = as(ann.token);
    const added = await api.paymentMethod.add.mutate({ lang: 'et' });
    assert.equal(added.paymentMethod.state, 'initial');
    assert.match(await (await fetch(added.url)).text(), /Demomakseteenus/);
    const back = await choose(added.url, { action: 'save', card: 'works' });
    assert.equal(back.pathname, '/callback/method/success');
    // The provider's notification is applied shortly after it is recorded (payment.Service.Receive), as
    // the app's callback screen waits for it.
    const card = await until('the card decided', () => api.paymentMethod.get.query({ paymentMethodUuid: added.paymentMethod.uuid }), { done: (c) => c.state !== 'initial', everyMs: 100 });
    assert.equal(card.state, 'valid');
    assert.equal(card.label, 'active');
    assert.equal(card.last4, '4242');

    const order = await bookDay(api, 2);
    const paying = await api.order.pay.mutate({ orderUuid: order.uuid });
    assert.equal(paying.status, 'processing');
    const paid = await orderWhen(api, order.uuid, (o) => o.status !== 'processing');
    assert.equal(paid.status, 'booked');
    assert.equal((await api.paymentMethod.get.query({ paymentMethodUuid: card.uuid })).state, 'settled');

    // Someone else's card and order are not found.
    const theirs = as(bob.token);
    const notMine = await rejection(theirs.paymentMethod.get.query({ paymentMethodUuid: card.uuid }));
    assert.equal(notMine.data.appCode, 'PAYMENT_METHOD_NOT_FOUND');
    const notTheirs = await rejection(theirs.order.pay.mutate({ orderUuid: order.uuid }));
    assert.equal(notTheirs.data.appCode, 'ORDER_NOT_FOUND');
    const noCard = await rejection(theirs.order.paymentLink.mutate({ orderUuid: order.uuid }));
    assert.equal(noCard.data.appCode, 'ORDER_NOT_FOUND');
  });

  it('declines on the provider page: the order keeps its locker and waits for payment (issue 26)', async () => {
    const api = as(ann.token);
    const order = await bookDay(api, 6, { temperature: 'cool' });
    const link = await api.order.paymentLink.mutate({ orderUuid: order.uuid });
    const back = await choose(link.url, { action: 'decline' });
    assert.equal(back.pathname, '/callback/order-payment/failure');
    const declined = await orderWhen(api, order.uuid, (o) => o.payment.state === 'failed');
    assert.equal(declined.status, 'unpaid');
    assert.equal(declined.canPay, true);
    assert.equal(declined.reservedUntil, order.reservedUntil, 'the hold stays as it was');
    assert.equal(declined.lockers.length, 1);
  });
});
