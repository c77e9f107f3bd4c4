import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { noteAnswer, noteNetworkFailure, noteRefusedOffline } from '@/lib/online';
import { OfflineBanner } from './offline-banner';
import { LoadingState } from './page-states';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  act(() => void window.dispatchEvent(new Event('online')));
});

function Orders() {
  const q = useQuery({ queryKey: ['order', 'list', 'active'], queryFn: () => Promise.resolve(['o1']), staleTime: Infinity });
  return <p>{q.data ? 'orders' : '…'}</p>;
}

function renderScreen(client: QueryClient, withOrders: boolean) {
  return render(
    <QueryClientProvider client={client}>
      <OfflineBanner />
      {withOrders && <Orders />}
    </QueryClientProvider>,
  );
}

describe('OfflineBanner', () => {
  it('appears when the connection goes and leaves when it is back', async () => {
    await i18n.changeLanguage('en-US');
    renderScreen(new QueryClient(), false);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'You are offline. Actions that need the server are unavailable until the connection is back.',
    );
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('says for a moment that an action needs a connection when one was refused', async () => {
    await i18n.changeLanguage('en-US');
    renderScreen(new QueryClient(), false);
    act(() => void window.dispatchEvent(new Event('offline')));
    act(() => noteRefusedOffline());
    expect(screen.getByRole('alert').textContent).toBe('Not done: this needs a connection.');
    expect(screen.getByTestId('offline-banner').textContent?.split('offline').length).toBe(2); // said once
    // It is news of this offline spell only: the next one starts without it.
    act(() => void window.dispatchEvent(new Event('online')));
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-banner')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says from when the data on screen is, in the language of the screen', async () => {
    await i18n.changeLanguage('et');
    const client = new QueryClient();
    const loaded = new Date(2026, 10, 25, 14, 5).getTime();
    client.setQueryData(['order', 'list', 'active'], ['o1'], { updatedAt: loaded });
    renderScreen(client, true);
    await screen.findByText('orders');
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'Võrguühendus puudub. Näitame viimati kell 14:05 laaditud andmeid. Serverit vajavad toimingud pole saadaval, kuni ühendus taastub.',
    );
  });

  it('tells a server that does not answer from being offline, in both languages', async () => {
    await i18n.changeLanguage('en-US');
    renderScreen(new QueryClient(), false);
    act(() => noteNetworkFailure());
    const banner = screen.getByTestId('offline-banner');
    expect(banner.dataset.connection).toBe('unreachable');
    expect(banner.textContent).toBe(
      'The server does not answer. Actions that need the server are unavailable until it answers again; the app keeps trying.',
    );
    act(() => noteRefusedOffline());
    expect(screen.getByRole('alert').textContent).toBe('Not done: this needs the server. Try again when it answers.');
    await act(() => i18n.changeLanguage('et'));
    expect(screen.getByTestId('offline-banner').textContent).toMatch(/^Server ei vasta\. /);
    // The device loses its network too: now that is the reason.
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-banner').dataset.connection).toBe('offline');
    expect(screen.getByTestId('offline-banner').textContent).toMatch(/^Võrguühendus puudub\. /);
    act(() => noteAnswer());
  });
});

describe('LoadingState offline', () => {
  it('says the screen needs a connection instead of loading forever', async () => {
    await i18n.changeLanguage('en-US');
    render(<LoadingState />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('needs-connection').textContent).toBe('This needs a connection.It loads by itself when you are back online.');
  });
});
