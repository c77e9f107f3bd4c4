import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { matchRoutes, MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserView } from '@/api/generated/app-router';
import { authorizeQuery, infoQuery } from '@/features/session/session';
import { initI18n } from '@/i18n';
import { routeTable } from '../route-table';
import { RouterNav } from '../router-nav';
import AppLayout from './app-layout';

const member: UserView = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Tamm',
  phonePrefix: '',
  phone: '',
  phoneVerified: false,
  language: 'en',
  defaultStationId: null,
  roles: [],
  isAdmin: false,
  isManager: false,
  createdAt: '2026-01-01T00:00:00Z',
};
const admin: UserView = { ...member, id: 'u2', email: 'boss@example.com', isAdmin: true };

beforeAll(async () => {
  await initI18n();
});

/** renderMenu shows the signed-in layout at path for user, with the session already known. */
function renderMenu(user: UserView, path = '/about') {
  const client = new QueryClient();
  client.setQueryData(authorizeQuery.queryKey, { token: null, shouldUpdate: false, message: '', user });
  client.setQueryData(infoQuery.queryKey, null);
  const { container } = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            element={
              <RouterNav>
                <AppLayout />
              </RouterNav>
            }
          >
            <Route path="*" element={<p>page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const sidebar = container.querySelector('aside nav');
  if (!(sidebar instanceof HTMLElement)) throw new Error('no sidebar menu');
  return { container, sidebar };
}

const entries = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => ({ name: a.textContent, href: a.getAttribute('href') ?? '' }));

/** The route a menu link opens; the catch-all (not found) does not count. */
function routeOf(href: string) {
  const def = matchRoutes(routeTable, href)?.at(-1)?.route;
  return def && def.path !== '*' ? def : undefined;
}

describe('the menu', () => {
  it('leads a member to the screens of spec §2, each an existing route they may open', () => {
    const { sidebar } = renderMenu(member);
    const links = entries(sidebar);
    expect(links.map((l) => l.name)).toEqual([
      'Book',
      'Orders',
      'Products',
      'Promotions',
      'Help',
      'Notifications',
      'Payment',
      'Account settings',
      'About',
    ]);
    for (const { href } of links) {
      expect(routeOf(href), `${href} is a route`).toBeDefined();
      expect(routeOf(href)?.access, `${href} is open to a member`).not.toBe('admin');
    }
  });

  it('shows no way into the back office to a member, anywhere on the screen', () => {
    const { container } = renderMenu(member);
    const adminOnly = [...container.querySelectorAll('a[href]')].filter((a) => routeOf(a.getAttribute('href') ?? '')?.access === 'admin');
    expect(adminOnly).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('adds the Admin entry, last, for an admin', () => {
    const { sidebar } = renderMenu(admin);
    const links = entries(sidebar);
    expect(links.at(-1)).toEqual({ name: 'Admin', href: '/admin' });
    expect(routeOf('/admin')?.access).toBe('admin');
    expect(links).toHaveLength(entries(renderMenu(member).sidebar).length + 1);
  });

  it('marks the section the user is in', () => {
    const { sidebar } = renderMenu(member, '/orders/history');
    expect(within(sidebar).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(within(sidebar).getByRole('link', { name: 'Book' }).getAttribute('aria-current')).toBeNull();
  });

  it('keeps Book, Orders and Help in the phone tab bar and the rest behind More', () => {
    const { container } = renderMenu(member);
    const tabBar = [...container.querySelectorAll('nav')].find((n) => n.closest('aside') === null && within(n).queryByRole('button', { name: 'More' }));
    if (!tabBar) throw new Error('no tab bar');
    expect(entries(tabBar).map((l) => l.name)).toEqual(['Book', 'Orders', 'Help']);
  });
});
