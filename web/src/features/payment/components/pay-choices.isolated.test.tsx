import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethodView } from '@/api/generated/app-router';
import i18n, { initI18n } from '@/i18n';
import { cardFixture, orderFixture } from '../test-data';
import { PayChoices } from './pay-choices';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = {
  list: trpc.paymentMethod.list.query,
  get: trpc.paymentMethod.get.query,
  add: trpc.paymentMethod.add.mutate,
  pay: trpc.order.pay.mutate,
};

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  api.list.mockReset();
  api.pay.mockReset().mockResolvedValue(orderFixture({ status: 'processing', canPay: false }));
  api.add.mockReset();
  api.get.mockReset();
});

function renderChoices(cards: PaymentMethodView[], at = '/book/o1/method') {
  api.list.mockResolvedValue(cards);
  const onCharged = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <PayChoices order={orderFixture()} linkPath="/book/o1/prepare" onCharged={onCharged} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onCharged;
}

describe('PayChoices', () => {
  it('pays in one tap with the default card (the server picks it: no card named)', async () => {
    const onCharged = renderChoices([cardFixture({ uuid: 'd', active: true, label: 'active' }), cardFixture({ uuid: 'o', brand: 'mastercard', last4: '0341' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €17.40 with Visa •••• 4242' }));
    await waitFor(() => expect(onCharged).toHaveBeenCalled());
    expect(api.pay).toHaveBeenCalledWith({ orderUuid: 'o1', paymentMethodUuid: undefined });
    // A new card is the secondary choice once a default card exists.
    expect(screen.getByRole('button', { name: 'Add a card' }).className).toContain('border');
    // The other card waits behind "Use another card".
    expect(screen.queryByRole('button', { name: 'Pay €17.40 with Mastercard •••• 0341' })).toBeNull();
  });

  it('charges a chosen card by its id', async () => {
    const onCharged = renderChoices([cardFixture({ uuid: 'd', active: true, label: 'active' }), cardFixture({ uuid: 'o', brand: 'mastercard', last4: '0341' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Use another card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay €17.40 with Mastercard •••• 0341' }));
    await waitFor(() => expect(onCharged).toHaveBeenCalled());
    expect(api.pay).toHaveBeenCalledWith({ orderUuid: 'o1', paymentMethodUuid: 'o' });
  });

  it('offers every usable card without a default, never a half-added or failed one', async () => {
    renderChoices([cardFixture({ uuid: 'a' }), cardFixture({ uuid: 'b', state: 'initial', label: 'initial', last4: null, brand: null }), cardFixture({ uuid: 'c', state: 'failed', label: 'failed', last4: '1111' })]);
    expect(await screen.findByRole('button', { name: 'Pay €17.40 with Visa •••• 4242' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Pay €17.40 with/ })).toHaveLength(1);
  });

  it('without cards offers a new card and the one-time link, and says why a charge failed', async () => {
    renderChoices([]);
    expect(await screen.findByText(/Add a card to pay in one tap/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay €17.40 once via a link' }).getAttribute('href')).toBe('/book/o1/prepare');
  });

  it('shows a declined start of a charge inline', async () => {
    api.pay.mockRejectedValue({ data: { appCode: 'CHARGE_ERROR' } });
    const onCharged = renderChoices([cardFixture({ active: true, label: 'active' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €17.40 with Visa •••• 4242' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The payment provider did not answer. Nothing was charged; please try again.');
    expect(onCharged).not.toHaveBeenCalled();
  });

  it('comes back from adding a card to this step, says it is saved and pays with it first (issue 28)', async () => {
    const added = cardFixture({ uuid: 'new', brand: 'mastercard', last4: '0341' });
    api.get.mockResolvedValue(added);
    // The list was read before the provider saved the card: the new card is not in it yet.
    const onCharged = renderChoices([cardFixture({ uuid: 'd', active: true, label: 'active' })], '/book/o1/method?card=new');
    expect(await screen.findByText('Your card is saved')).toBeTruthy();
    const payNew = await screen.findByRole('button', { name: 'Pay €17.40 with Mastercard •••• 0341' });
    expect(payNew.getAttribute('data-testid')).toBe('pay-default');
    fireEvent.click(payNew);
    await waitFor(() => expect(onCharged).toHaveBeenCalled());
    // Not the server's default card: named.
    expect(api.pay).toHaveBeenCalledWith({ orderUuid: 'o1', paymentMethodUuid: 'new' });
  });

  it('says so when the card just added could not be saved, and keeps the other ways', async () => {
    api.get.mockResolvedValue(cardFixture({ uuid: 'new', state: 'failed', label: 'failed' }));
    renderChoices([], '/book/o1/method?card=new');
    expect((await screen.findByRole('alert')).textContent).toContain('The card could not be saved');
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay €17.40 with/ })).toBeNull();
  });
});
