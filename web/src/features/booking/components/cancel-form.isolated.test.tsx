import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@/api/generated/app-router';
import i18n, { initI18n, setLanguage } from '@/i18n';
import { CancelForm } from './cancel-form';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { cancel: trpc.order.cancel.mutate };

const order: OrderView = {
  uuid: 'o1',
  status: 'booked',
  label: 'booked-not-started',
  station: { uuid: 's1', name: 'Viru Keskus', address: 'Viru väljak 4', city: 'Tallinn', timeZone: 'Europe/Tallinn' },
  height: 'small',
  type: 'standard',
  temperature: 'cool',
  start: '2026-11-23T22:01:00Z',
  end: '2026-11-24T21:59:00Z',
  reservedUntil: null,
  createdAt: '2026-11-23T10:00:00Z',
  confirmedAt: '2026-11-23T10:01:00Z',
  cancelledAt: null,
  cancelNote: null,
  lockers: [],
  priceLines: [],
  totalCents: 0,
  vatCents: 0,
  currency: 'EUR',
  vatPercent: 24,
  coupon: { uuid: 'c1', code: 'FIRST3', name: { en: 'First 3', et: 'Esimesed 3' }, remaining: 2, used: true },
  canConfirm: false,
  canCancel: true,
  canExtend: true,
  refundable: false,
  payment: { state: null, dueCents: 0, dueVatCents: 0, dueFor: null, paidCents: 0, refundedCents: 0, currency: 'EUR' },
  canPay: false,
  pendingExtension: null,
};

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => {
  api.cancel.mockReset().mockResolvedValue({ ...order, status: 'cancelled', label: 'cancelled' });
});

function renderForm(o: OrderView = order) {
  const onCancelled = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <CancelForm order={o} onCancelled={onCancelled} onKeep={() => {}} />
    </QueryClientProvider>,
  );
  return onCancelled;
}

describe('CancelForm', () => {
  it("refuses without a reason with 'Missing Note' and sends nothing", async () => {
    await i18n.changeLanguage('en-US');
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Missing Note');
    expect(api.cancel).not.toHaveBeenCalled();
    // An empty free text is no reason either.
    fireEvent.click(screen.getByLabelText('Other reason'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Missing Note');
    expect(api.cancel).not.toHaveBeenCalled();
  });

  it("sends the preset note 'just testing' and says the free order comes back", async () => {
    await i18n.changeLanguage('en-US');
    const onCancelled = renderForm();
    expect(screen.getByText('Your free order is given back to your promotion.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Just testing'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalled());
    expect(api.cancel).toHaveBeenCalledWith({ orderUuid: 'o1', note: 'just testing' });
  });

  it('sends a free-text reason trimmed', async () => {
    await i18n.changeLanguage('en-US');
    const onCancelled = renderForm();
    fireEvent.click(screen.getByLabelText('Other reason'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  plans changed ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalled());
    expect(api.cancel).toHaveBeenCalledWith({ orderUuid: 'o1', note: 'plans changed' });
  });

  const paid = (paidCents: number, refundable: boolean): OrderView => ({
    ...order,
    coupon: null,
    totalCents: 1740,
    refundable,
    payment: { ...order.payment, state: 'paid', paidCents },
  });

  it('says how much is refunded within 15 minutes of booking (extensions included)', async () => {
    await i18n.changeLanguage('en-US');
    renderForm(paid(2240, true));
    expect(screen.getByTestId('cancel-outcome').textContent).toBe(
      'You will be refunded €22.40: orders cancelled within 15 minutes of booking are refunded in full.',
    );
  });

  it('says a later cancel is without refund, in Estonian too', async () => {
    await setLanguage('et');
    renderForm(paid(1740, false));
    expect(screen.getByTestId('cancel-outcome').textContent).toBe('Tellimus tühistatakse ilma raha tagastamata.');
    await i18n.changeLanguage('en-US');
  });

  it('says nothing about money for an unpaid reservation', async () => {
    await i18n.changeLanguage('en-US');
    renderForm({ ...order, status: 'unpaid', label: 'unpaid', coupon: null, totalCents: 1740, canPay: true });
    expect(screen.queryByTestId('cancel-outcome')).toBeNull();
    expect(screen.queryByText(/refund/i)).toBeNull();
  });

  it('says so when the refund fails, and the order stays', async () => {
    await i18n.changeLanguage('en-US');
    api.cancel.mockRejectedValue({ data: { appCode: 'REFUND_ERROR' } });
    const onCancelled = renderForm(paid(1740, true));
    fireEvent.click(screen.getByLabelText('Just testing'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/refund could not be made/);
    expect(onCancelled).not.toHaveBeenCalled();
  });
});
