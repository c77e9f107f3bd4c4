import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail, UserView } from '@/api/generated/app-router';
import { authorizeQuery } from '@/features/session/session';
import i18n, { initI18n } from '@/i18n';
import { UserDetail } from './user-detail';
import { adminTrpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { get: adminTrpc.users.get.query, block: adminTrpc.users.block.mutate, del: adminTrpc.users.delete.mutate };

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

const detail: AdminUserDetail = {
  user: { uuid: 'u9', email: 'kati@example.com', firstName: 'Kati', lastName: 'Karu', phone: '', roles: [], createdAt: '2026-01-01T00:00:00Z', verifiedAt: '2026-01-01T00:00:00Z', blockedAt: '', deletedAt: '', version: 'v1' },
  orders: [],
  running: [],
  payments: [],
  coupons: [],
  devices: [],
  events: [],
  invoices: [],
};

function operator(role: 'ADMIN' | 'MANAGER'): UserView {
  return {
    id: 'me',
    email: 'boss@example.com',
    firstName: '',
    lastName: '',
    phonePrefix: '',
    phone: '',
    phoneVerified: false,
    language: 'en',
    defaultStationId: null,
    roles: [{ role: { code: role } }],
    isAdmin: role === 'ADMIN',
    isManager: role === 'MANAGER',
    createdAt: '2026-01-01T00:00:00Z',
  };
}

function renderAs(role: 'ADMIN' | 'MANAGER') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(authorizeQuery.queryKey, { token: 't', shouldUpdate: false, message: '', user: operator(role) });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UserDetail userUuid="u9" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.get.mockReset().mockResolvedValue(detail);
  api.block.mockReset();
  api.del.mockReset();
});

describe('UserDetail', () => {
  it("shows a MANAGER the person's page without the ADMIN-only actions", async () => {
    renderAs('MANAGER');
    await screen.findByText('kati@example.com');
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make ADMIN' })).toBeNull();
  });

  it("lists the user's invoices and credit notes, each with its order and a PDF download", async () => {
    api.get.mockResolvedValue({
      ...detail,
      invoices: [
        { uuid: 'i2', orderUuid: 'o2', kind: 'credit_note', number: 'KR-2026-00002', state: 'settled', grossCents: 500, createdAt: '2026-02-02T10:00:00Z' },
        { uuid: 'i1', orderUuid: 'o1', kind: 'invoice', number: 'A-2026-00001', state: 'paid', grossCents: 1240, createdAt: '2026-02-01T10:00:00Z' },
      ],
    });
    renderAs('MANAGER');
    await screen.findByText('KR-2026-00002');
    expect(screen.getByText('Credit note')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download A-2026-00001 as PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download KR-2026-00002 as PDF' })).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain('/admin/orders?order=o1');
    expect(links).toContain('/admin/orders?order=o2');
  });

  it('lets an ADMIN delete a user only with a reason', async () => {
    api.del.mockResolvedValue({ ok: true });
    renderAs('ADMIN');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user' }));
    const confirm = screen.getAllByRole('button', { name: 'Delete user', hidden: true }).at(-1)!;
    fireEvent.click(confirm);
    expect(api.del).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'asked by e-mail' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.del).toHaveBeenCalledWith({ userUuid: 'u9', reason: 'asked by e-mail' }));
  });

  it('says why an action failed, in the dialog', async () => {
    api.block.mockRejectedValue(Object.assign(new Error('forbidden'), { data: { appCode: 'UNAUTHORIZED' } }));
    renderAs('ADMIN');
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const confirm = screen.getAllByRole('button', { name: 'Block', hidden: true }).at(-1)!;
    fireEvent.click(confirm);
    expect(api.block).not.toHaveBeenCalled(); // a block needs its reason
    expect(screen.getByText('They have no booked or running rentals.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason (kept in the audit log)'), { target: { value: 'chargebacks' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.block).toHaveBeenCalledWith({ userUuid: 'u9', version: 'v1', reason: 'chargebacks' }));
    expect(await screen.findByText('Your role does not allow this action.')).toBeTruthy();
  });
});
