import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { usersList } from './api';
import { KeyPaged } from './key-pager';
import { useKeyPaged } from './use-key-paged';
import { adminTrpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const list = adminTrpc.users.list.query;

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

function Users({ query }: { query: string }) {
  const paged = useKeyPaged(usersList(query));
  return <KeyPaged paged={paged} empty="No users.">{(items) => <ul>{items.map((u) => <li key={u.uuid}>{u.email}</li>)}</ul>}</KeyPaged>;
}

const user = (n: number) => ({ uuid: `u${n}`, email: `u${n}@example.com` });

describe('KeyPaged with useKeyPaged', () => {
  it("asks for the next page with the last page's cursor and stops at the end", async () => {
    list.mockImplementation(async ({ cursor }: { cursor?: string }) =>
      cursor === 'c1' ? { items: [user(3)], next: '' } : { items: [user(1), user(2)], next: 'c1' },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Users query="ann" />
      </QueryClientProvider>,
    );
    await screen.findByText('u2@example.com');
    expect(list).toHaveBeenLastCalledWith({ query: 'ann', limit: 50 });
    expect(screen.getByText('2 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('u3@example.com');
    expect(list).toHaveBeenLastCalledWith({ query: 'ann', cursor: 'c1', limit: 50 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(screen.getByText('3 shown')).toBeTruthy();
  });

  it('says so when nothing matches, and leaves an empty search out of the call', async () => {
    list.mockReset().mockResolvedValue({ items: [], next: '' });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Users query="" />
      </QueryClientProvider>,
    );
    await screen.findByText('No users.');
    expect(list).toHaveBeenCalledWith({ limit: 50 });
  });
});
