import { beforeEach, describe, expect, it } from 'vitest';
import { rememberPreLoginUrl, safeReturnPath, takePreLoginUrl } from './pre-login';

describe('pre-login url', () => {
  beforeEach(() => localStorage.clear());

  it('remembers a guarded path and returns there once', () => {
    rememberPreLoginUrl('/orders/active?x=1');
    expect(localStorage.getItem('pre_login_url')).toBe('/orders/active?x=1');
    expect(takePreLoginUrl()).toBe('/orders/active?x=1');
    expect(localStorage.getItem('pre_login_url')).toBeNull();
    expect(takePreLoginUrl()).toBe('/');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil', 'orders', '/login', '/register/verify', '/update'])(
    'refuses %s as a return path',
    (path) => {
      expect(safeReturnPath(path)).toBeNull();
    },
  );

  it("returns a tab to its own page though another tab remembered another since (issue 26)", () => {
    rememberPreLoginUrl('/coupons');
    localStorage.setItem('pre_login_url', '/orders/active'); // another tab, sent to /login as well
    expect(takePreLoginUrl()).toBe('/coupons');
    localStorage.setItem('pre_login_url', '/orders/active');
    expect(takePreLoginUrl()).toBe('/orders/active'); // a tab that remembered nothing (reloaded) takes the stored one
  });

  it('falls back to / when the stored value is unsafe', () => {
    localStorage.setItem('pre_login_url', 'https://evil.example/');
    expect(takePreLoginUrl()).toBe('/');
  });
});
