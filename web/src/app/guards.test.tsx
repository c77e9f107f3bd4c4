import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse, Info, UserView } from '@/api/generated/app-router';
import { authorizeQuery, infoQuery } from '@/features/session/session';
import { initI18n } from '@/i18n';
import { RequireAdmin, RequireUser, UpdateGate } from './guards';

const user = (isAdmin: boolean): UserView => ({
  id: 'u1',
  email: 'mari@example.com',
  firstName: 'Mari',
  lastName: 'Maasikas',
  phonePrefix: '+372',
  phone: '5551234',
  phoneVerified: true,
  language: 'et',
  defaultStationId: null,
  roles: isAdmin ? [{ role: { code: 'ADMIN' } }] : [],
  isAdmin,
  isManager: false,
  createdAt: '2026-01-01T00:00:00Z',
});

function renderAt(path: string, auth: AuthResponse | undefined, info: Info | null = null) {
  // Seeded answers: the guards decide without any network call (none: the check has not answered).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (auth) client.setQueryData(authorizeQuery.queryKey, auth);
  client.setQueryData(infoQuery.queryKey, info);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<UpdateGate />}>
            <Route path="/login" element={<p>login page</p>} />
            <Route path="/update" element={<p>update page</p>} />
            <Route path="/callback/payment/:status" element={<p>callback page</p>} />
            <Route element={<RequireUser />}>
              <Route path="/" element={<p>home page</p>} />
              <Route path="/orders" element={<p>orders page</p>} />
              <Route element={<RequireAdmin />}>
                <Route path="/admin" element={<p>admin page</p>} />
              </Route>
            </Route>
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const signedOut: AuthResponse = { token: null, shouldUpdate: false, message: '', user: null };
const signedIn = (isAdmin: boolean): AuthResponse => ({ token: 't', shouldUpdate: false, message: '', user: user(isAdmin) });
const info = (minAppVersion: string): Info => ({ appVersion: '5.3.0', minAppVersion, languages: ['en-US', 'et'], mapTileUrl: '', mapAttribution: '' });

describe('route guards', () => {
  beforeEach(() => localStorage.clear());

  it('sends a signed-out visitor to /login and remembers the path', async () => {
    renderAt('/orders?tab=active', signedOut);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(localStorage.getItem('pre_login_url')).toBe('/orders?tab=active');
  });

  it('lets a signed-in user through', async () => {
    renderAt('/orders', signedIn(false));
    expect(await screen.findByText('orders page')).toBeTruthy();
    expect(localStorage.getItem('pre_login_url')).toBeNull();
  });

  it('sends a non-admin on an admin-only route to /', async () => {
    renderAt('/admin', signedIn(false));
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('lets an admin into the admin area', async () => {
    renderAt('/admin', signedIn(true));
    expect(await screen.findByText('admin page')).toBeTruthy();
  });

  it('lets a MANAGER into the back office too (docs/decisions/060-back-office-access-and-audit.md)', async () => {
    const manager = { ...user(false), roles: [{ role: { code: 'MANAGER' } }], isManager: true };
    renderAt('/admin', { token: 't', shouldUpdate: false, message: '', user: manager });
    expect(await screen.findByText('admin page')).toBeTruthy();
  });

  it('holds everyone on /update when the server says shouldUpdate', async () => {
    renderAt('/login', { ...signedOut, shouldUpdate: true });
    expect(await screen.findByText('update page')).toBeTruthy();
  });

  it('holds everyone on /update when the minimum app version is above ours', async () => {
    renderAt('/orders', signedIn(false), info('9.0.0'));
    expect(await screen.findByText('update page')).toBeTruthy();
  });

  it('leaves payment-provider return pages alone during a required update', async () => {
    renderAt('/callback/payment/success', signedOut, info('9.0.0'));
    expect(await screen.findByText('callback page')).toBeTruthy();
  });

  it('leaves /update for / once no update is needed', async () => {
    renderAt('/update', signedIn(false), info('5.3.0'));
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});

describe('RequireUser offline (issue 26)', () => {
  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(() => {
    localStorage.clear();
    act(() => void window.dispatchEvent(new Event('offline')));
  });
  afterEach(() => {
    act(() => void window.dispatchEvent(new Event('online')));
    localStorage.clear();
  });

  it('shows the codes kept on the device while the session check waits for the connection', async () => {
    localStorage.setItem('Bearer', 'tok');
    renderAt('/orders', undefined);
    // The page is a chunk of its own, loaded (and transformed by Vite) the first time it is needed: on a
    // starved machine that first load alone has taken more than the default 5 s wait.
    expect(await screen.findByRole('heading', { name: 'Your codes' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('shows them too when the check found no server, instead of sending the user to sign in', async () => {
    localStorage.setItem('Bearer', 'tok');
    renderAt('/orders', signedOut);
    expect(await screen.findByRole('heading', { name: 'Your codes' })).toBeTruthy();
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('sends a visitor without a session to /login, offline or not', async () => {
    renderAt('/orders', signedOut);
    expect(await screen.findByText('login page')).toBeTruthy();
  });
});
