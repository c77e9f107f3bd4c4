import { describe, expect, it } from 'vitest';
import { extensionPrice, priceFor, priceParts, vatOf } from './price';

const smallNeutral = { hourlyCents: 100, dailyCents: 500 };

describe('priceFor (the server rule, for previews)', () => {
  it('charges started hours, capped at one day', () => {
    expect(priceFor(smallNeutral, 0)).toBe(0);
    expect(priceFor(smallNeutral, 1)).toBe(100);
    expect(priceFor(smallNeutral, 60)).toBe(100);
    expect(priceFor(smallNeutral, 61)).toBe(200);
    expect(priceFor(smallNeutral, 4 * 60)).toBe(400);
    expect(priceFor(smallNeutral, 6 * 60)).toBe(500);
  });

  it('charges full days at the daily rate plus the remainder', () => {
    expect(priceFor(smallNeutral, 1440)).toBe(500);
    expect(priceFor(smallNeutral, 1440 + 30)).toBe(600);
    // The 25-hour autumn DST day 00:01–23:59 lasts 24 h 58 min: a day and a started hour.
    expect(priceFor(smallNeutral, 24 * 60 + 58)).toBe(600);
    // The 23-hour spring day 00:01–23:59 lasts 22 h 58 min: capped at the daily rate.
    expect(priceFor(smallNeutral, 22 * 60 + 58)).toBe(500);
  });

  it('prices an extension as the difference', () => {
    const start = new Date('2026-11-23T22:01:00Z');
    const oldEnd = new Date('2026-11-24T21:59:00Z');
    expect(extensionPrice(smallNeutral, start, oldEnd, new Date('2026-11-25T21:59:00Z'))).toBe(500);
    expect(extensionPrice(smallNeutral, start, oldEnd, new Date('2026-11-24T21:59:00Z'))).toBe(0);
  });

  it('finds the VAT inside a price at 24 %', () => {
    expect(vatOf(500, 24)).toBe(97);
    expect(vatOf(124, 24)).toBe(24);
    expect(vatOf(-500, 24)).toBe(-97);
  });
});

describe('priceParts (the rule said before paying)', () => {
  it('splits 2 h 30 min into three started hours', () => {
    expect(priceParts(smallNeutral, 150)).toEqual({ days: 0, hours: 3, capped: false, cents: 300 });
  });

  it('caps 22 h 45 min of started hours at the daily price', () => {
    expect(priceParts(smallNeutral, 22 * 60 + 45)).toEqual({ days: 0, hours: 23, capped: true, cents: 500 });
  });

  it('counts full days apart from the started hours after them', () => {
    expect(priceParts(smallNeutral, 2 * 1440 + 61)).toEqual({ days: 2, hours: 2, capped: false, cents: 1200 });
    expect(priceParts(smallNeutral, 1440)).toEqual({ days: 1, hours: 0, capped: false, cents: 500 });
    expect(priceParts(smallNeutral, 0)).toEqual({ days: 0, hours: 0, capped: false, cents: 0 });
  });
});
