import { describe, expect, it, vi } from 'vitest';

// The plugins are native code; here only the URL mapping is under test.
vi.mock('@capacitor/app', () => ({ App: {} }));
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: {} }));
vi.mock('@capacitor/status-bar', () => ({ StatusBar: {}, Style: {} }));

describe('appPathOf', () => {
  it('brings payment return pages and guest links into the app, query kept', async () => {
    const { appPathOf } = await import('./native-shell');
    expect(appPathOf('https://lockers.example/callback/order-payment/success?x=1')).toBe('/callback/order-payment/success?x=1');
    expect(appPathOf('https://lockers.example/callback/method/cancel')).toBe('/callback/method/cancel');
    expect(appPathOf('https://lockers.example/guest/abc123')).toBe('/guest/abc123');
    expect(appPathOf('ee.lockers.app://guest/abc123')).toBe('/guest/abc123');
  });

  it('ignores every other URL', async () => {
    const { appPathOf } = await import('./native-shell');
    expect(appPathOf('https://lockers.example/admin/users')).toBeNull();
    expect(appPathOf('https://lockers.example/guest/a/b')).toBeNull();
    expect(appPathOf('not a url')).toBeNull();
  });
});
