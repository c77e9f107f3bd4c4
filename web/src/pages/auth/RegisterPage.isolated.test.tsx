import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '@/i18n';
import { readFlow } from '@/features/account/flow-state';
import RegisterPage from './RegisterPage';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { register: trpc.auth.register.mutate, track: trpc.event.track.mutate };

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US'); // loads all of the language's namespaces
});

beforeEach(async () => {
  sessionStorage.clear();
  await setLanguage('en-US');
  api.register.mockReset();
  api.track.mockReset().mockResolvedValue({ ok: true });
});

function renderRegister() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/register/verify" element={<p>verify step</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));

describe('RegisterPage', () => {
  it('requires an e-mail and the terms (spec §5)', async () => {
    renderRegister();
    submit();
    expect(await screen.findByText('Email required')).toBeTruthy();
    expect(screen.getByText('Must Accept Terms')).toBeTruthy();
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
    expect(api.register).not.toHaveBeenCalled();
  });

  it('sends the e-mail with the app language and keeps it for the next step, not in the URL', async () => {
    api.register.mockResolvedValue({ email: 'ann@example.com', expiresAt: 'x', resendAt: '2026-01-01T00:01:00Z' });
    renderRegister();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Ann@Example.com' } });
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect(await screen.findByText('verify step')).toBeTruthy();
    expect(api.register).toHaveBeenCalledWith({ email: 'Ann@Example.com', acceptTerms: true, language: 'en' });
    expect(readFlow('register')).toEqual({ email: 'ann@example.com', resendAt: '2026-01-01T00:01:00Z' });
    expect(api.track).toHaveBeenCalledWith(expect.objectContaining({ type: 'sign-up' }));
  });

  it('offers to sign in when the e-mail already has an account', async () => {
    api.register.mockRejectedValue(Object.assign(new Error('exists'), { data: { appCode: 'USER_ALREADY_EXISTS' } }));
    renderRegister();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('An account with this e-mail already exists.');
    expect(screen.getByRole('link', { name: 'Sign in instead' }).getAttribute('href')).toBe('/login');
  });
});
