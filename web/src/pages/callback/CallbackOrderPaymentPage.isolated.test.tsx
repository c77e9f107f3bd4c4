import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { rememberReturn } from '@/features/payment/return-to';
import { orderFixture } from '@/features/payment/test-data';
import CallbackOrderPaymentPage from './CallbackOrderPaymentPage';
import { trpc } from '@/test/fake-trpc';

const session = vi.hoisted(() => ({ signedIn: true }));
vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));
vi.mock('@/features/session/session', () => ({
  useSession: () => ({ loading: false, user: session.signedIn ? { id: 'u1' } : null }),
}));

const api = { get: trpc.order.get.query };

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  sessionStorage.clear();
  api.get.mockReset();
  session.signedIn = true;
});

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/callback/order-payment/:status" element={<CallbackOrderPaymentPage />} />
          <Route path="/book/:orderUuid/done" element={<p>done screen</p>} />
          <Route path="/book/:orderUuid/method" element={<p>method screen</p>} />
          <Route path="/somewhere/else" element={<p>remembered screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const processed = 'Processed. You can close this tab and move back to app.';

describe('the order payment return page', () => {
  it('keeps saying the sentence while the payment is pending, then moves on by itself', async () => {
    const pending = orderFixture({ payment: { ...orderFixture().payment, state: 'pending' } });
    const paid = orderFixture({ status: 'booked', canPay: false, payment: { ...orderFixture().payment, state: 'paid', paidCents: 1740 } });
    api.get.mockResolvedValueOnce(pending).mockResolvedValueOnce(pending).mockResolvedValue(paid);
    renderAt('/callback/order-payment/success?orderUuid=o1');
    expect(screen.getByTestId('callback-message').textContent).toBe(processed);
    expect(await screen.findByText('done screen')).toBeTruthy();
    expect(api.get.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(api.get).toHaveBeenCalledWith({ orderUuid: 'o1' });
  });

  it('goes where the screen that opened the provider asked', async () => {
    rememberReturn('o1', { done: '/somewhere/else', back: '/book/o1/method' });
    api.get.mockResolvedValue(orderFixture({ status: 'failed', canPay: false, payment: { ...orderFixture().payment, state: 'failed' } }));
    renderAt('/callback/order-payment/failure?orderUuid=o1');
    expect(await screen.findByText('remembered screen')).toBeTruthy();
    // Used once: the next return starts afresh.
    expect(sessionStorage.getItem('payment-return:o1')).toBeNull();
  });

  it('goes back at once when the user left the provider’s page', async () => {
    renderAt('/callback/order-payment/cancel?orderUuid=o1');
    expect(await screen.findByText('method screen')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('signed out (another browser) only says the sentence', async () => {
    session.signedIn = false;
    renderAt('/callback/order-payment/success?orderUuid=o1');
    expect(screen.getByTestId('callback-message').textContent).toBe(processed);
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(() => expect(api.get).not.toHaveBeenCalled());
    expect(screen.queryByText('done screen')).toBeNull();
  });
});
