// Contract test of booking with the unmodified @trpc/client against the real binary:
// stations and availability, a booking made free by the first-3 coupon, extend and
// cancel (the coupon comes back), ownership, and the catalogue codes on bad input.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { day } from '../lib/dates.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { client, rejection } from '../lib/trpc.mjs';

import { viru } from '../lib/booking.mjs';
const stack = await stackForFile({}, { browser: false });
const { server, mailbox } = stack;
const as = (token) => stack.api(token);

describe('booking over @trpc/client', () => {
  let ann;
  let bob;
  before(async () => {
    [ann, bob] = await Promise.all([registerUser(server.url, mailbox), registerUser(server.url, mailbox)]);
  });

  it('lists the demo stations with their products and availability for a timeframe', async () => {
    const stations = await as(ann.token).station.list.query();
    assert.ok(stations.length >= 3);
    const station = stations.find((s) => s.uuid === viru);
    assert.equal(station.timeZone, 'Europe/Tallinn');
    const temps = new Set(station.products.map((p) => `${p.height}/${p.temperature}`));
    assert.equal(temps.size, 6, 'every size × temperature is offered');
    const avail = await as(ann.token).station.availability.query({ stationUuid: viru, start: day(1), end: day(1) });
    const small = avail.products.find((p) => p.height === 'small' && p.temperature === 'neutral');
    assert.ok(small.free >= 1 && small.price.cents > 0 && small.price.vatCents > 0);
  });

  it('books, confirms free by the first-3 coupon, extends and cancels with the coupon returned', async () => {
    const api = as(ann.token);
    const [pack] = (await api.coupon.list.query()).filter((c) => c.code === 'FIRST3');
    assert.equal(pack.remaining, 3);

    const input = { stationUuid: viru, height: 'small', type: 'standard', temperature: 'neutral', start: day(1), end: day(1), idempotencyKey: `k-${Date.now()}` };
    const order = await api.order.create.mutate(input);
    const same = await api.order.create.mutate(input);
    assert.equal(same.uuid, order.uuid, 'the same idempotency key returns the same order');
    assert.equal(order.lockers.length, 1);
    assert.match(order.lockers[0].deliveryCode.code, /^\d+$/);
    assert.match(order.lockers[0].pickingCode.code, /^\d+$/);

    const terms = await rejection(api.order.confirm.mutate({ orderUuid: order.uuid, acceptTerms: false }));
    assert.equal(terms.data.appCode, 'MUST_ACCEPT_TERMS');
    const booked = await api.order.confirm.mutate({ orderUuid: order.uuid, acceptTerms: true });
    assert.equal(booked.status, 'booked');
    assert.equal(booked.coupon?.code, 'FIRST3');
    assert.equal((await api.coupon.list.query()).find((c) => c.code === 'FIRST3').remaining, 2);

    const locker = booked.lockers[0];
    const extended = await api.order.extend.mutate({ orderUuid: order.uuid, orderLockerUuid: locker.uuid, end: day(2) });
    assert.ok(Date.parse(extended.end) > Date.parse(booked.end));

    const active = await api.order.list.query({ scope: 'active' });
    assert.ok(active.some((o) => o.uuid === order.uuid));

    const noNote = await rejection(api.order.cancel.mutate({ orderUuid: order.uuid, note: '' }));
    assert.equal(noNote.data.appCode, 'MISSING_NOTE');
    const cancelled = await api.order.cancel.mutate({ orderUuid: order.uuid, note: 'just testing' });
    assert.equal(cancelled.status, 'cancelled');
    assert.equal((await api.coupon.list.query()).find((c) => c.code === 'FIRST3').remaining, 3);
    const history = await api.order.list.query({ scope: 'history' });
    assert.ok(history.some((o) => o.uuid === order.uuid));

    // Another user never sees the order.
    const stranger = await rejection(as(bob.token).order.get.query({ orderUuid: order.uuid }));
    assert.equal(stranger.data.appCode, 'ORDER_NOT_FOUND');
    const strangerCancel = await rejection(as(bob.token).order.cancel.mutate({ orderUuid: order.uuid, note: 'x' }));
    assert.equal(strangerCancel.data.appCode, 'ORDER_NOT_FOUND');
  });

  it('answers catalogue codes for bad bookings and refuses anonymous callers', async () => {
    const api = as(ann.token);
    const base = { stationUuid: viru, height: 'small', type: 'standard', temperature: 'cool' };
    const backwards = await rejection(api.order.create.mutate({ ...base, start: day(3), end: day(2) }));
    assert.equal(backwards.data.appCode, 'START_AFTER_END');
    const unknown = await rejection(api.order.create.mutate({ ...base, stationUuid: '99999999-9999-4999-8999-999999999999', start: day(1), end: day(1) }));
    assert.equal(unknown.data.appCode, 'STATION_NOT_FOUND');
    const missing = await rejection(api.order.create.mutate({ stationUuid: viru, start: day(1), end: day(1) }));
    assert.ok(['MISSING_PARAMS', 'BAD_INPUT'].includes(missing.data.appCode), missing.data.appCode);
    const anon = await rejection(client(`${server.url}/c-core/trpc/hybrid`, 'httpLink').trpc.order.list.query({ scope: 'active' }));
    assert.equal(anon.data.appCode, 'UNAUTHORIZED');
    const badCoupon = await rejection(api.coupon.register.mutate({ code: 'NO-SUCH-CODE' }));
    assert.equal(badCoupon.data.appCode, 'CANT_REGISTER_COUPON');
  });
});
