import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { authorizeQuery, infoQuery } from '@/features/session/session';
import { initI18n } from '@/i18n';
import { SignInScreen } from './sign-in-screen';

beforeAll(async () => {
  await initI18n();
});

/** renderScreen shows the sign-in screen as start.tsx does before the router, with the session known. */
function renderScreen(shouldUpdate = false) {
  const client = new QueryClient();
  client.setQueryData(authorizeQuery.queryKey, { token: null, shouldUpdate, message: '', user: null });
  client.setQueryData(infoQuery.queryKey, null);
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SignInScreen navigate={navigate} />
    </QueryClientProvider>,
  );
  return navigate;
}

describe('SignInScreen', () => {
  it('shows the sign-in form without a router and hands its links to navigate', () => {
    const navigate = renderScreen();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    const reset = screen.getByRole('link', { name: 'Forgot your password?' });
    expect(reset.getAttribute('href')).toBe('/reset');
    fireEvent.click(reset);
    expect(navigate).toHaveBeenCalledWith('/reset');
  });

  it('leaves a modified click to the browser', () => {
    const navigate = renderScreen();
    // jsdom cannot open a tab: the document stops the click after the link has passed it on.
    let passedOn = false;
    const stop = (e: MouseEvent) => {
      passedOn = !e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', stop);
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }), { ctrlKey: true });
    document.removeEventListener('click', stop);
    expect(navigate).not.toHaveBeenCalled();
    expect(passedOn).toBe(true);
  });

  it('goes to /update when the server requires a newer app, as the router would', () => {
    const navigate = renderScreen(true);
    expect(navigate).toHaveBeenCalledWith('/update', { replace: true });
  });
});
