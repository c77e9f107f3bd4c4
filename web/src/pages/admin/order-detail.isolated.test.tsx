import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail, UserView } from '@/api/generated/app-router';
import { authorizeQuery } from '@/features/session/session';
import i18n, { initI18n } from '@/i18n';
import { adminTrpc, resetTrpcFakes } from '@/test/fake-trpc';
import { OrderDetail } from './order-detail';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { get: adminTrpc.orders.get.query, del: adminTrpc.orders.delete.mutate, audit: adminTrpc.events.audit.query };

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

const paid: AdminOrderDetail = {
  order: {
    uuid: 'o1',
    userUuid: 'u1',
    userEmail: 'kati@example.com',
    stationUuid: 's1',
    stationName: 'Viru Keskus',
    timeZone: 'Europe/Tallinn',
    status: 'booked',
    paymentState: 'paid',
    height: 'small',
    temperature: 'neutral',
    start: '2026-06-06T06:00:00Z',
    end: '2026-06-06T20:00:00Z',
    reservedUntil: '',
    paidCents: 560,
    refundedCents: 0,
    createdAt: '2026-06-05T06:00:00Z',
  },
  lines: [],
  lockers: [],
  payments: [],
  refunds: [],
  invoices: [],
  doors: [],
  pendingExtension: null,
  actions: { delete: 'keeps_money', refund: '', freeHold: 'not_held' },
};

const free: AdminOrderDetail = { ...paid, order: { ...paid.order, paidCents: 0, paymentState: '' }, actions: { delete: '', refund: 'nothing_kept', freeHold: 'not_held' } };

function manager(): UserView {
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
    roles: [{ role: { code: 'MANAGER' } }],
    isAdmin: false,
    isManager: true,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

function renderOrder() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(authorizeQuery.queryKey, { token: 't', shouldUpdate: false, message: '', user: manager() });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderDetail orderUuid="o1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** reasonOf is the text a button's aria-describedby points at (null for none). */
function reasonOf(button: HTMLElement): string | null {
  const id = button.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : null;
}

/** deleteButton is the nth "Delete order" button: the page's first, then the open dialog's. */
function deleteButton(n: number): HTMLButtonElement {
  const button = screen.getAllByRole<HTMLButtonElement>('button', { name: 'Delete order', hidden: true }).at(n);
  if (!button) throw new Error(`no Delete order button #${n}`);
  return button;
}

beforeEach(() => {
  resetTrpcFakes();
  api.audit.mockResolvedValue({ items: [], next: '' });
});

describe('OrderDetail: the actions the orders domain would accept', () => {
  it('does not offer to delete a paid order, and says to refund it first', async () => {
    api.get.mockResolvedValue(paid);
    renderOrder();
    const del = await screen.findByRole<HTMLButtonElement>('button', { name: 'Delete order' });
    expect(del.disabled).toBe(true);
    expect(reasonOf(del)).toBe('It holds money: refund it first (a full refund ends the rental).');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Refund' }).disabled).toBe(false);
    fireEvent.click(del);
    expect(screen.queryByText('Delete this order?')).toBeNull();
  });

  it('offers to delete a free booking and hides the refund of nothing', async () => {
    api.get.mockResolvedValue(free);
    renderOrder();
    const del = await screen.findByRole<HTMLButtonElement>('button', { name: 'Delete order' });
    expect(del.disabled).toBe(false);
    expect(reasonOf(del)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('reads the order again when the delete is refused on confirm, and then disables it with the reason', async () => {
    api.get.mockResolvedValueOnce(free).mockResolvedValue(paid); // paid while the dialog was open
    api.del.mockRejectedValue(Object.assign(new Error('refused'), { data: { appCode: 'CANT_CHANGE' } }));
    renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete order' }));
    await screen.findByText('Delete this order?');
    fireEvent.change(screen.getByLabelText('Note (why)'), { target: { value: 'test booking' } });
    fireEvent.click(deleteButton(1)); // the dialog's
    await waitFor(() => expect(api.del).toHaveBeenCalledWith({ orderUuid: 'o1', note: 'test booking' }));
    // The dialog says why, in the operator's words, and the page now shows the order as it is.
    await screen.findByText('This cannot be changed in its current state (refund it first, or wait for the payment in flight).');
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(deleteButton(0).disabled).toBe(true)); // the page's
    expect(reasonOf(deleteButton(0))).toBe('It holds money: refund it first (a full refund ends the rental).');
  });
});
