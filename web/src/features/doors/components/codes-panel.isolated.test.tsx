import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CodeItemView } from '@/api/generated/app-router';
import { currentToast, dismiss } from '@/components/ui/toast-store';
import i18n, { initI18n } from '@/i18n';
import { CodesPanel } from './codes-panel';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = {
  list: trpc.code.list.query,
  regenerate: trpc.code.regenerate.mutate,
  remove: trpc.code.remove.mutate,
  add: trpc.code.add.mutate,
  create: trpc.guest.create.mutate,
  revoke: trpc.guest.revoke.mutate,
  temps: trpc.locker.temperatures.query,
};

const ref = { orderUuid: 'o1', orderLockerUuid: 'l1' };
const code = (uuid: string, kind: CodeItemView['kind'], value: string): CodeItemView => ({
  uuid,
  kind,
  code: value,
  usage: 'unused',
  lastUsedAt: null,
  createdAt: '2026-11-28T00:00:00Z',
});

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.temps.mockResolvedValue({ readings: [], min: null, max: null });
  act(() => dismiss());
});

function renderPanel(codes: CodeItemView[], guests: { uuid: string; createdAt: string }[] = []) {
  api.list.mockResolvedValue({ codes, guests, offlinePin: null });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <CodesPanel lockerRef={ref} timeZone="Europe/Tallinn" />
    </QueryClientProvider>,
  );
}

describe('CodesPanel (issue 28)', () => {
  it('copies each code with the Copy button the done screen has (issue 46)', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel([code('d1', 'delivery', '111111'), code('p1', 'picking', '333333')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy: Picking code 333333' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('333333'));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('offers Delete only where a code of the kind remains, and deletes after asking once', async () => {
    renderPanel([code('d1', 'delivery', '111111'), code('d2', 'delivery', '222222'), code('p1', 'picking', '333333')]);
    await screen.findByText('333333');
    expect(screen.queryByRole('button', { name: 'Delete code 333333' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete code 111111' }));
    expect(api.remove).not.toHaveBeenCalled();
    expect(screen.getByText('Delete code 111111? It stops working at once.')).toBeTruthy();
    // Focus waits on the answer that keeps the code.
    expect(document.activeElement?.textContent).toBe('Keep it');
    api.remove.mockResolvedValue({ ok: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the code' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith({ ...ref, codeUuid: 'd1' }));
    await waitFor(() => expect(currentToast()?.text?.().description).toBe('Code 111111 is deleted.'));
  });

  it('keeps the code when the question is answered "Keep it" or Escape', async () => {
    renderPanel([code('d1', 'delivery', '111111'), code('p1', 'picking', '333333')]);
    fireEvent.click(await screen.findByRole('button', { name: 'New code instead of 111111' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByTestId('confirm-inline')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New code instead of 333333' }));
    fireEvent.keyDown(screen.getByTestId('confirm-inline'), { key: 'Escape' });
    expect(screen.queryByTestId('confirm-inline')).toBeNull();
    expect(api.regenerate).not.toHaveBeenCalled();
  });

  it('drops the link shown once when it is revoked, after asking once', async () => {
    const guests = [{ uuid: 'g1', createdAt: '2026-11-28T00:00:00Z' }];
    renderPanel([code('d1', 'delivery', '111111'), code('p1', 'picking', '333333')]);
    await screen.findByText('111111');
    api.create.mockResolvedValue({ uuid: 'g1', token: 't', path: '/guest/t', validUntil: '2026-11-29T00:00:00Z' });
    api.list.mockResolvedValue({ codes: [code('d1', 'delivery', '111111'), code('p1', 'picking', '333333')], guests, offlinePin: null });
    fireEvent.click(screen.getByRole('button', { name: 'Create a guest link' }));
    expect((await screen.findByTestId('guest-url')).getAttribute('href')).toBe(`${window.location.origin}/guest/t`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke guest link 1' }));
    api.revoke.mockResolvedValue({ ok: true });
    api.list.mockResolvedValue({ codes: [code('d1', 'delivery', '111111'), code('p1', 'picking', '333333')], guests: [], offlinePin: null });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the link' }));
    await waitFor(() => expect(api.revoke).toHaveBeenCalledWith({ ...ref, guestUuid: 'g1' }));
    await waitFor(() => expect(screen.queryByTestId('guest-url')).toBeNull());
    expect(currentToast()?.text?.().description).toBe('The guest link is revoked and no longer works.');
  });
});
