import { describe, expect, it } from 'vitest';
import { may } from './access';

describe('may (docs/decisions/060-back-office-access-and-audit.md)', () => {
  const admin = { isAdmin: true, isManager: false };
  const manager = { isAdmin: false, isManager: true };
  const member = { isAdmin: false, isManager: false };

  it('lets an ADMIN do everything', () => {
    for (const a of ['readAll', 'runOrders', 'runStations', 'manageUsers', 'manageCoupons'] as const) expect(may(admin, a)).toBe(true);
  });

  it('lets a MANAGER read and run orders and stations, not change people or coupon packs', () => {
    expect(may(manager, 'readAll')).toBe(true);
    expect(may(manager, 'runOrders')).toBe(true);
    expect(may(manager, 'runStations')).toBe(true);
    expect(may(manager, 'manageUsers')).toBe(false);
    expect(may(manager, 'manageCoupons')).toBe(false);
  });

  it('lets nobody else do anything', () => {
    expect(may(member, 'readAll')).toBe(false);
    expect(may(null, 'readAll')).toBe(false);
  });
});
