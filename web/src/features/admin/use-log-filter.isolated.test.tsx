import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useLogFilter } from './use-log-filter';
import { adminTrpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const list = adminTrpc.users.list.query;

const keys = ['source', 'email', 'from'] as const;

function setup(url: string, tab?: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const [params] = useSearchParams();
      return { filter: useLogFilter(keys, tab), url: params.toString() };
    },
    { wrapper },
  );
}

describe('useLogFilter', () => {
  it('reads the applied filter from the URL and applies the form with the e-mail as the user', async () => {
    list.mockResolvedValue({ items: [{ uuid: 'u1', email: 'Ann@example.com' }] });
    const { result } = setup('/admin/events?log=activity&source=door&user=u0', 'activity');
    expect(result.current.filter.applied).toEqual({ source: 'door', email: '', from: '' });
    expect(result.current.filter.userUuid).toBe('u0');
    act(() => result.current.filter.set('email')({ target: { value: ' ann@example.com ' } }));
    act(() => result.current.filter.set('from')({ target: { value: '2026-11-01' } }));
    await act(() => result.current.filter.apply());
    expect(result.current.url).toBe('log=activity&source=door&email=ann%40example.com&from=2026-11-01&user=u1');
    expect(result.current.filter.userUuid).toBe('u1');
  });

  it('applies nothing and says so when no one has the e-mail', async () => {
    list.mockResolvedValue({ items: [] });
    const { result } = setup('/admin/events?source=door');
    act(() => result.current.filter.set('email')({ target: { value: 'nobody@example.com' } }));
    await act(() => result.current.filter.apply());
    expect(result.current.filter.userMissing).toBe(true);
    expect(result.current.url).toBe('source=door');
  });

  it('clears the form and the URL but stays on its tab', () => {
    const { result } = setup('/admin/events?log=audit&source=door&from=2026-11-01', 'audit');
    act(() => result.current.filter.clear());
    expect(result.current.url).toBe('log=audit');
    expect(result.current.filter.form).toEqual({ source: '', email: '', from: '' });
  });
});
