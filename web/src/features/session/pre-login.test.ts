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

  it('falls back to / when the stored value is unsafe', () => {
    localStorage.setItem('pre_login_url', 'https://evil.example/');
    expect(takePreLoginUrl()).toBe('/');
  });
});
