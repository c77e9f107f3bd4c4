import { describe, expect, it } from 'vitest';
import { toastDuration } from './toast-timing';

describe('toastDuration', () => {
  const cases: Array<[string, Parameters<typeof toastDuration>[0], number]> = [
    ['empty toast is clamped up to the minimum', {}, 3000],
    ['short text stays at the minimum', { title: 'Saved' }, 3000],
    // 2000 + 50 * 20 = 3000 exactly at the lower bound
    ['20 characters reach the minimum exactly', { title: 'a'.repeat(20) }, 3000],
    ['21 characters pass it', { title: 'a'.repeat(21) }, 3050],
    ['title and description both count', { title: 'a'.repeat(30), description: 'b'.repeat(30) }, 5000],
    // 2000 + 50 * 160 = 10000 exactly at the upper bound
    ['160 characters reach the maximum exactly', { description: 'x'.repeat(160) }, 10000],
    ['long text is clamped down to the maximum', { title: 'x'.repeat(100), description: 'y'.repeat(500) }, 10000],
    ['characters, not UTF-16 units, are counted', { title: '🔒'.repeat(40) }, 4000],
    ['Estonian letters count once each', { title: 'Ää'.repeat(20) }, 4000],
    ['an override wins, even below the minimum', { title: 'x'.repeat(100), duration: 1200 }, 1200],
    ['an override wins, even above the maximum', { duration: 60000 }, 60000],
    ['a negative override means close at once', { duration: -5 }, 0],
    ['disabled means it never closes by itself', { title: 'x', duration: false }, Number.POSITIVE_INFINITY],
  ];
  it.each(cases)('%s', (_name, input, want) => {
    expect(toastDuration(input)).toBe(want);
  });
});
