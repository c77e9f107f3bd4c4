import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { ExtendElsewhere } from './extend-elsewhere';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { extendElsewhere: trpc.order.extendElsewhere.mutate };

const ref = { orderUuid: 'o1', orderLockerUuid: 'l1' };

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => {
  api.extendElsewhere.mockReset();
});

function renderOffer() {
  const onExtended = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ExtendElsewhere lockerRef={ref} end="2026-11-26T23:59" product="Big locker" onExtended={onExtended} />
    </QueryClientProvider>,
  );
  return onExtended;
}

describe('ExtendElsewhere', () => {
  it('moves the rental with the chosen end in one tap', async () => {
    await i18n.changeLanguage('en-US');
    const moved = { uuid: 'o1', station: { uuid: 's1' } };
    api.extendElsewhere.mockResolvedValue(moved);
    const onExtended = renderOffer();
    expect(screen.getByText('This locker is booked by someone else after your time.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move and extend' }));
    await waitFor(() => expect(onExtended).toHaveBeenCalled());
    expect(api.extendElsewhere).toHaveBeenCalledWith({ ...ref, end: '2026-11-26T23:59' });
    expect(onExtended.mock.calls[0]?.[0]).toBe(moved);
  });

  it('says so when no compartment of the kind is free, and offers no button then', async () => {
    await i18n.changeLanguage('et');
    api.extendElsewhere.mockRejectedValue(Object.assign(new Error('none'), { data: { appCode: 'LOCKERS_NOT_AVAILABLE' } }));
    renderOffer();
    fireEvent.click(screen.getByRole('button', { name: 'Tõsta ümber ja pikenda' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ükski teine sama liiki kapp pole selle ajani vaba. Vali varasem lõpp.');
    expect(screen.queryByRole('button', { name: 'Tõsta ümber ja pikenda' })).toBeNull();
  });
});
