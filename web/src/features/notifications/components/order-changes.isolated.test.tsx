import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '@/api/generated/app-router';
import i18n, { initI18n } from '@/i18n';
import { OrderChanges } from './order-changes';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { ofOrder: trpc.notification.ofOrder.query };

const params: NonNullable<NotificationView['params']> = {
  station: 'Viru Keskus',
  locker: '',
  start: '2026-11-28T19:00:00Z',
  end: '2026-11-28T21:00:00Z',
  amountCents: 0,
  answer: '',
  until: null,
  extension: false,
  timeZone: 'Europe/Tallinn',
  reason: '',
  lapsed: false,
};
const change = (id: string, kind: NotificationView['kind'], p: Partial<typeof params>): NotificationView => ({
  id,
  kind,
  params: { ...params, ...p },
  title: 'as written',
  body: 'as written',
  orderId: 'o1',
  createdAt: '2026-11-28T18:00:00Z',
  read: true,
});

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => {
  api.ofOrder.mockReset();
});

function renderChanges() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderChanges orderUuid="o1" />
    </QueryClientProvider>,
  );
}

describe('OrderChanges (issue 42)', () => {
  it('keeps the changes made for the customer on the order, newest first, with a refund’s reason', async () => {
    await i18n.changeLanguage('en-US');
    api.ofOrder.mockResolvedValue([
      change('n3', 'refund_made', { amountCents: 500, reason: 'The door was jammed' }),
      change('n2', 'extension_offered', { amountCents: 750, until: '2026-11-28T19:30:00Z', lapsed: true }),
      change('n1', 'extension_offered', { amountCents: 750, until: '2026-11-28T19:30:00Z' }),
    ]);
    renderChanges();
    const section = await screen.findByTestId('order-changes');
    expect(api.ofOrder).toHaveBeenCalledWith({ orderUuid: 'o1' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Changes to this order');
    const titles = within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Money refunded', 'The extension lapsed', 'An extension waits for your payment']);
    expect(section.textContent).toContain('Reason: The door was jammed');
  });

  it('speaks Estonian to an Estonian reader', async () => {
    await i18n.changeLanguage('et');
    api.ofOrder.mockResolvedValue([change('n1', 'order_deleted', {})]);
    renderChanges();
    const section = await screen.findByTestId('order-changes');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Selle tellimuse muudatused');
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('Sinu broneering kustutati');
  });
});
