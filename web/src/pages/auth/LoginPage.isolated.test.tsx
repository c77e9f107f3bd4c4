import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { NavProvider } from '@/components/nav';
import i18n, { initI18n } from '@/i18n';
import LoginPage from './LoginPage';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { login: trpc.auth.login.mutate, track: trpc.event.track.mutate, deviceToken: trpc.auth.deviceToken.mutate };

const user = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Tamm',
  phonePrefix: '',
  phone: '',
  phoneVerified: false,
  language: 'en' as const,
  defaultStationId: null,
  roles: [],
  isAdmin: false,
  isManager: false,
  createdAt: '2026-01-01T00:00:00Z',
};

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US'); // loads all of the language's namespaces
});

beforeEach(() => {
  localStorage.clear();
  api.login.mockReset();
  api.track.mockReset().mockResolvedValue({ ok: true });
  api.deviceToken.mockReset().mockResolvedValue({ ok: true });
});

/** RouterNav as the app has it (app/router-nav.tsx): the page's links and navigation go to the router. */
function RouterNav({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  return <NavProvider value={{ location, navigate: (to, options) => void navigate(to, options) }}>{children}</NavProvider>;
}

function renderLogin() {
  // The app's own client: it is what stores a sign-in answer as the session.
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route
            path="/login"
            element={
              <RouterNav>
                <LoginPage />
              </RouterNav>
            }
          />
          <Route path="/orders/active" element={<p>orders page</p>} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const email = () => screen.getByLabelText('E-mail');
const password = () => screen.getByLabelText('Password');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('LoginPage', () => {
  it('asks for an e-mail before calling the server', async () => {
    renderLogin();
    submit();
    expect(await screen.findByText('Email required')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(api.login).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail with the spec message', async () => {
    renderLogin();
    fireEvent.change(email(), { target: { value: 'ann@' } });
    fireEvent.change(password(), { target: { value: 'secret1' } });
    submit();
    expect(await screen.findByText('Not a valid email')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('says the e-mail or password is wrong without telling which', async () => {
    api.login.mockRejectedValue(Object.assign(new Error('nope'), { data: { appCode: 'MISSING_OR_INVALID_PASSWORD' } }));
    renderLogin();
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    fireEvent.change(password(), { target: { value: 'wrong-pass' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('The e-mail or the password is wrong.');
    expect(localStorage.getItem('Bearer')).toBeNull();
  });

  it('explains a refused sign-in after too many failures (issue 18)', async () => {
    api.login.mockRejectedValue(Object.assign(new Error('nope'), { data: { appCode: 'TOO_MANY_REQUESTS' } }));
    renderLogin();
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    fireEvent.change(password(), { target: { value: 'secret-1' } });
    submit();
    const alert = await screen.findByText(/Too many failed sign-ins\./);
    expect(alert.textContent).toContain('unlock link');
    expect(localStorage.getItem('Bearer')).toBeNull();
    await i18n.changeLanguage('et');
    expect((await screen.findByText(/Liiga palju ebaõnnestunud sisselogimisi\./)).textContent).toContain('avamislingi');
    await i18n.changeLanguage('en-US');
  });

  it('signs in, hands over the device token, tracks the login and returns to the pre-login path', async () => {
    localStorage.setItem('pre_login_url', '/orders/active');
    localStorage.setItem('device-token', JSON.stringify({ type: 'fcm', token: 'push-1' }));
    localStorage.setItem('__SOURCE', 'newsletter');
    localStorage.setItem('__CAMPAIGN', 'spring');
    api.login.mockResolvedValue({ token: 'tok-1', shouldUpdate: false, message: '', user });
    renderLogin();
    fireEvent.change(email(), { target: { value: ' ann@example.com ' } });
    fireEvent.change(password(), { target: { value: 'secret1' } });
    submit();
    expect(await screen.findByText('orders page')).toBeTruthy();
    expect(api.login).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ann@example.com', password: 'secret1', device: expect.objectContaining({ appVersion: '5.3.0' }) }),
    );
    expect(localStorage.getItem('Bearer')).toBe('tok-1');
    expect(api.deviceToken).toHaveBeenCalledWith({ type: 'fcm', token: 'push-1' });
    expect(localStorage.getItem('device-token')).toBeNull();
    expect(api.track).toHaveBeenCalledWith({ type: 'login', source: 'newsletter', campaign: 'spring' });
    expect(localStorage.getItem('pre_login_url')).toBeNull();
  });
});
