import { describe, expect, it } from 'vitest';
import { navItems, visibleNavItems } from './nav-items';

describe('navigation menu', () => {
  it('lists the entries of spec §2 in order', () => {
    expect(navItems.map((i) => i.label)).toEqual([
      'book',
      'orders',
      'products',
      'promotions',
      'help',
      'notifications',
      'payment',
      'account',
      'about',
      'admin',
    ]);
  });

  it('shows Admin only to admins', () => {
    expect(visibleNavItems(false).map((i) => i.label)).not.toContain('admin');
    expect(visibleNavItems(true).map((i) => i.label)).toContain('admin');
  });
});
