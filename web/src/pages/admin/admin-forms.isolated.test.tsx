import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStationPrices, UserView } from '@/api/generated/app-router';
import { authorizeQuery } from '@/features/session/session';
import i18n, { initI18n } from '@/i18n';
import AdminCouponsPage from './AdminCouponsPage';
import { StationPrices } from './station-prices';
import { adminTrpc } from '@/test/fake-trpc';

// Field-level messages of the price and coupon-pack forms: what is wrong is said at the
// input it concerns, not only as "some values are not valid".
vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = {
  prices: adminTrpc.stations.prices.query,
  setPrices: adminTrpc.stations.setPrices.mutate,
  stations: adminTrpc.stations.list.query,
  packs: adminTrpc.coupons.packs.query,
  createPack: adminTrpc.coupons.createPack.mutate,
};

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

const admin: UserView = {
  id: 'me',
  email: 'boss@example.com',
  firstName: '',
  lastName: '',
  phonePrefix: '',
  phone: '',
  phoneVerified: false,
  language: 'en',
  defaultStationId: null,
  roles: [{ role: { code: 'ADMIN' } }],
  isAdmin: true,
  isManager: false,
  createdAt: '2026-01-01T00:00:00Z',
};

function renderWith(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(authorizeQuery.queryKey, { token: 't', shouldUpdate: false, message: '', user: admin });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const prices: AdminStationPrices = {
  stationUuid: 's1',
  version: 'v1',
  prices: [{ height: 'small', temperature: 'cool', hourlyCents: 200, dailyCents: 1000, isDefault: false }],
} as AdminStationPrices;

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.prices.mockResolvedValue(prices);
  api.packs.mockResolvedValue([]);
  api.stations.mockResolvedValue({ items: [], next: '' });
});

describe('the price form', () => {
  it('names the price that is wrong at its own input and sends nothing', async () => {
    renderWith(<StationPrices stationUuid="s1" canEdit />);
    const hourly = await screen.findByRole('textbox', { name: /Per hour/ });
    fireEvent.change(hourly, { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason for the new prices' }), { target: { value: 'autumn prices' } });
    fireEvent.submit(hourly.closest('form')!);
    expect(api.setPrices).not.toHaveBeenCalled();
    expect(hourly.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(hourly.getAttribute('aria-describedby')!);
    expect(message?.textContent).toMatch(/above 0 and at most €10,000.00/);
    expect(screen.getByRole('textbox', { name: /Per day/ }).getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's missing reason at the reason field", async () => {
    api.setPrices.mockRejectedValue(Object.assign(new Error('note'), { data: { appCode: 'MISSING_NOTE', field: 'note' } }));
    renderWith(<StationPrices stationUuid="s1" canEdit />);
    const hourly = await screen.findByRole('textbox', { name: /Per hour/ });
    fireEvent.submit(hourly.closest('form')!);
    await waitFor(() => expect(api.setPrices).toHaveBeenCalled());
    const note = screen.getByRole('textbox', { name: 'Reason for the new prices' });
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(await screen.findByText('Write a reason: it goes to the audit log.')).toBeTruthy();
  });
});

describe('the coupon pack form', () => {
  it('says a taken code at the code field and a wrong count at the count field', async () => {
    api.createPack.mockRejectedValueOnce(Object.assign(new Error('taken'), { data: { appCode: 'COUPON_ALREADY_REGISTERED', field: 'code' } }));
    renderWith(<AdminCouponsPage />);
    const code = await screen.findByRole('textbox', { name: 'Code' });
    fireEvent.change(code, { target: { value: 'SPRING-3' } });
    fireEvent.change(screen.getByRole('textbox', { name: /English/i }), { target: { value: 'Spring' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Estonian/i }), { target: { value: 'Kevad' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason for the pack' }), { target: { value: 'campaign' } });
    fireEvent.submit(code.closest('form')!);
    expect(await screen.findByText('A pack with this code exists already: choose another code.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    api.createPack.mockRejectedValueOnce(Object.assign(new Error('count'), { data: { appCode: 'BAD_INPUT', field: 'count' } }));
    fireEvent.submit(code.closest('form')!);
    expect(await screen.findByText('A pack gives 1 to 1000 free orders.')).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Free orders' }).getAttribute('aria-invalid')).toBe('true');
  });
});
