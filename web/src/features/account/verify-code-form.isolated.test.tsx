import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { readFlow, writeFlow } from './flow-state';
import { VerifyCodeForm } from './verify-code-form';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { verify: trpc.auth.verify.mutate, recall: trpc.auth.recall.mutate, track: trpc.event.track.mutate };

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US'); // loads all of the language's namespaces
});

beforeEach(() => {
  sessionStorage.clear();
  api.verify.mockReset();
  api.recall.mockReset();
  api.track.mockReset().mockResolvedValue({ ok: true });
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/register/verify']}>
        <Routes>
          <Route path="/register/verify" element={<VerifyCodeForm flow="register" next="/register/password" restart="/register" />} />
          <Route path="/register/password" element={<p>password step</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const paste = (text: string) =>
  fireEvent.paste(screen.getByRole('textbox', { name: 'Digit 1 of 6' }), { clipboardData: { getData: () => text } });

describe('VerifyCodeForm', () => {
  it('asks for the e-mail when the step opens in a tab that did not start it, then takes the code', async () => {
    api.verify.mockResolvedValue({ verificationToken: 'vt-1', expiresAt: '2026-01-01T00:15:00Z' });
    renderForm();
    expect(screen.queryByText('This step has expired')).toBeNull();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(readFlow('register')?.email).toBe('bob@example.com');
    paste('123456');
    expect(await screen.findByText('password step')).toBeTruthy();
    expect(api.verify).toHaveBeenCalledWith({ email: 'bob@example.com', code: '123456' });
  });

  it('submits by itself when all six digits are in and keeps the token for the next step', async () => {
    writeFlow('register', { email: 'ann@example.com', resendAt: new Date(Date.now() + 60_000).toISOString() });
    api.verify.mockResolvedValue({ verificationToken: 'vt-9', expiresAt: '2026-01-01T00:15:00Z' });
    renderForm();
    expect(screen.getByText(/You can ask for a new code in \d+ s\./)).toBeTruthy();
    paste('482913');
    expect(await screen.findByText('password step')).toBeTruthy();
    expect(api.verify).toHaveBeenCalledWith({ email: 'ann@example.com', code: '482913' });
    expect(readFlow('register')?.verificationToken).toBe('vt-9');
    expect(api.track).toHaveBeenCalledWith(expect.objectContaining({ type: 'verify' }));
  });

  it('clears the cells and explains a wrong code', async () => {
    writeFlow('register', { email: 'ann@example.com' });
    api.verify.mockRejectedValue(Object.assign(new Error('no'), { data: { appCode: 'VERIFICATION_NOT_FOUND' } }));
    renderForm();
    paste('111111');
    expect(await screen.findByText(/The code is wrong or has expired/)).toBeTruthy();
    const cells = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(cells.map((c) => c.value).join('')).toBe('');
  });

  it('asks for a new code once the wait is over', async () => {
    writeFlow('register', { email: 'ann@example.com' });
    api.recall.mockResolvedValue({ email: 'ann@example.com', expiresAt: 'x', resendAt: new Date(Date.now() + 60_000).toISOString() });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/You can ask for a new code in/)).toBeTruthy();
    expect(api.recall).toHaveBeenCalledWith({ email: 'ann@example.com' });
    expect(api.track).toHaveBeenCalledWith(expect.objectContaining({ type: 'recall' }));
  });
});
