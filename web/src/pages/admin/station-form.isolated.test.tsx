import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStationDetail, AdminStationFields, UserView } from '@/api/generated/app-router';
import { authorizeQuery } from '@/features/session/session';
import i18n, { initI18n } from '@/i18n';
import { adminTrpc } from '@/test/fake-trpc';
import AdminStationsPage from './AdminStationsPage';

// The station form (issue 46): every bad field is flagged at once, and a save refused because a
// colleague saved first keeps what this operator typed, shows theirs, and saves over it on request.
vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = {
  get: adminTrpc.stations.get.query,
  update: adminTrpc.stations.update.mutate,
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

const fields: AdminStationFields = {
  name: 'Kesklinn',
  address: 'Pikk 1',
  city: 'Tallinn',
  latitude: 59.437,
  longitude: 24.7536,
  timeZone: 'Europe/Tallinn',
  openingHours: '24/7',
  active: true,
};

const detail = (version: string, station: AdminStationFields): AdminStationDetail => ({
  station: { uuid: 's1', station, compartments: 0, createdAt: '2026-01-01T00:00:00Z', version },
  compartments: [],
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(authorizeQuery.queryKey, { token: 't', shouldUpdate: false, message: '', user: admin });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/stations?station=s1']}>
        <AdminStationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const form = () => screen.getByRole('form', { name: 'Station details' });
const input = (label: string) => within(form()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const errorOf = (label: string) => {
  const ids = input(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
};

beforeEach(() => {
  api.get.mockReset();
  api.update.mockReset();
});

describe('station form', () => {
  it('flags every bad field at once and sends nothing', async () => {
    api.get.mockResolvedValue(detail('v1', fields));
    renderPage();
    await screen.findByRole('form', { name: 'Station details' });
    type('Name', '  ');
    type('City', '');
    type('Latitude', '95');
    type('Time zone (IANA)', 'Mars/Olympus');
    fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(errorOf('Name')).toContain('A name is required (at most 200 characters).');
    expect(errorOf('City')).toContain('A city is required (at most 100 characters).');
    expect(errorOf('Latitude')).toContain('Latitude is between −90 and 90');
    expect(errorOf('Time zone (IANA)')).toContain('Not a time zone name');
    expect(input('Address').getAttribute('aria-invalid')).toBeNull();
    expect(input('Longitude').getAttribute('aria-invalid')).toBeNull();
    expect(api.update).not.toHaveBeenCalled();
  });

  it("takes each text field's longest value the server accepts and says so when it is reached", async () => {
    api.get.mockResolvedValue(detail('v1', fields));
    renderPage();
    await screen.findByRole('form', { name: 'Station details' });
    for (const [label, max] of [['Name', 200], ['Address', 300], ['City', 100], ['Opening hours', 300]] as const) {
      expect(input(label).maxLength, label).toBe(max);
      expect(errorOf(label), label).not.toContain('At most');
      type(label, 'Õ'.repeat(max));
      expect(errorOf(label), label).toContain(`At most ${max} characters.`);
    }
    fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0].station.name).toBe('Õ'.repeat(200));
  });

  it('flags every field the server names', async () => {
    api.get.mockResolvedValue(detail('v1', fields));
    api.update.mockRejectedValue({
      message: 'invalid fields: address, longitude',
      data: { code: 'BAD_REQUEST', appCode: 'BAD_INPUT', field: 'address', fields: ['address', 'longitude'] },
    });
    renderPage();
    await screen.findByRole('form', { name: 'Station details' });
    fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Address')).toContain('An address is required'));
    expect(errorOf('Longitude')).toContain('Longitude is between −180 and 180');
    expect(input('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps what was typed after a stale save, shows theirs, and saves over them', async () => {
    const theirs = { ...fields, name: 'Kesklinn (theirs)', openingHours: 'Mo-Fr 8-20' };
    api.get.mockResolvedValueOnce(detail('v1', fields)).mockResolvedValue(detail('v2', theirs));
    api.update
      .mockRejectedValueOnce({ message: 'stale', data: { code: 'CONFLICT', appCode: 'CANT_CHANGE', field: 'version' } })
      .mockResolvedValueOnce({ uuid: 's1', version: 'v3', station: { ...theirs, name: 'Mine', city: 'Tartu' } });
    renderPage();
    await screen.findByRole('form', { name: 'Station details' });
    type('Name', 'Mine');
    type('City', 'Tartu');
    fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenLastCalledWith(expect.objectContaining({ version: 'v1' })));

    await within(form()).findByText(/Another operator saved this station/);
    expect(input('Name').value).toBe('Mine');
    expect(input('City').value).toBe('Tartu');
    expect(errorOf('Name')).toContain('Saved by the other operator: Kesklinn (theirs)');
    expect(errorOf('Opening hours')).toContain('Saved by the other operator: Mo-Fr 8-20');
    // The city they kept is the one this operator changed: theirs is shown there too.
    expect(errorOf('City')).toContain('Saved by the other operator: Tallinn');
    expect(errorOf('Address')).not.toContain('other operator');

    fireEvent.click(within(form()).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(2));
    expect(api.update).toHaveBeenLastCalledWith(
      expect.objectContaining({ version: 'v2', station: expect.objectContaining({ name: 'Mine', city: 'Tartu', openingHours: '24/7' }) }),
    );
    await screen.findByText('Saved.');
  });
});
