import { beforeEach, describe, expect, it } from 'vitest';
import { secondsUntil } from '@/lib/use-countdown';
import { parseDeviceToken } from './device-token';
import { clearFlow, readFlow, updateFlow, writeFlow } from './flow-state';
import { signedOutReason } from './sign-out';

describe('registration and reset state', () => {
  beforeEach(() => sessionStorage.clear());

  it('carries the e-mail and token between steps in sessionStorage only', () => {
    writeFlow('register', { email: 'ann@example.com', resendAt: '2026-01-01T00:01:00Z' });
    updateFlow('register', { verificationToken: 'vt-1' });
    expect(readFlow('register')).toEqual({
      email: 'ann@example.com',
      resendAt: '2026-01-01T00:01:00Z',
      verificationToken: 'vt-1',
    });
    expect(readFlow('reset')).toBeNull();
    expect(localStorage.length).toBe(0);
    clearFlow('register');
    expect(readFlow('register')).toBeNull();
  });

  it('ignores damaged state', () => {
    sessionStorage.setItem('account-flow:reset', '{not json');
    expect(readFlow('reset')).toBeNull();
    sessionStorage.setItem('account-flow:reset', '{"token":1}');
    expect(readFlow('reset')).toBeNull();
  });

  it('does not invent a flow when updating one that was never started', () => {
    updateFlow('reset', { verificationToken: 'x' });
    expect(readFlow('reset')).toBeNull();
  });
});

describe('device token', () => {
  it('reads JSON {type, token} and a bare token', () => {
    expect(parseDeviceToken('{"type":"APNS","token":"abc"}')).toEqual({ type: 'apns', token: 'abc' });
    expect(parseDeviceToken(' fcm-token-1 ')).toEqual({ type: 'fcm', token: 'fcm-token-1' });
    expect(parseDeviceToken(null)).toBeNull();
    expect(parseDeviceToken('  ')).toBeNull();
    expect(parseDeviceToken('{"type":"fcm"}')).toBeNull();
  });
});

describe('resend countdown', () => {
  it('counts whole seconds down to the resend time', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsUntil('2026-01-01T00:01:00Z', now)).toBe(60);
    expect(secondsUntil('2026-01-01T00:00:00.400Z', now)).toBe(1);
    expect(secondsUntil('2025-12-31T23:59:00Z', now)).toBe(0);
    expect(secondsUntil(undefined, now)).toBe(0);
    expect(secondsUntil('garbage', now)).toBe(0);
  });
});

describe('sign-out hand-over', () => {
  it('accepts only the known reasons from navigation state', () => {
    expect(signedOutReason({ signedOut: 'logout' })).toBe('logout');
    expect(signedOutReason({ signedOut: 'deleted' })).toBe('deleted');
    expect(signedOutReason({ signedOut: 'other' })).toBeNull();
    expect(signedOutReason(null)).toBeNull();
  });
});
