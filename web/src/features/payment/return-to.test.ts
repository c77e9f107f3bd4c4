import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReturn, readReturn, rememberReturn } from './return-to';

beforeEach(() => sessionStorage.clear());

describe('where the app goes on after the provider', () => {
  it('remembers per card or order and forgets on request', () => {
    rememberReturn('o1', { done: '/book/o1/done', back: '/book/o1/method' });
    rememberReturn('m1', { done: '/payment/methods', back: '/payment/methods' });
    expect(readReturn('o1')).toEqual({ done: '/book/o1/done', back: '/book/o1/method' });
    expect(readReturn('m1')?.done).toBe('/payment/methods');
    forgetReturn('o1');
    expect(readReturn('o1')).toBeNull();
    expect(readReturn('unknown')).toBeNull();
  });

  it('trusts only paths inside the app', () => {
    for (const done of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) {
      sessionStorage.setItem('payment-return:o1', JSON.stringify({ done, back: '/x' }));
      expect(readReturn('o1'), done).toBeNull();
    }
    sessionStorage.setItem('payment-return:o1', '{not json');
    expect(readReturn('o1')).toBeNull();
  });
});
