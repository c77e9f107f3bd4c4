import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { cardFixture } from '../test-data';
import { CardSummary } from './card-summary';

beforeAll(async () => {
  await initI18n();
});

// Issue 46: one word for a card that can be charged, and a card that declined its last charge
// is not said to be ready to pay with.
describe('CardSummary', () => {
  it('names a usable card "Saved" or "Default", never "Valid" beside "Active"', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const { unmount } = render(<CardSummary method={cardFixture({ label: 'valid' })} showMeaning />);
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByText('Saved; no payment has been made with it yet.')).toBeTruthy();
    unmount();
    render(<CardSummary method={cardFixture({ label: 'active', active: true })} />);
    expect(screen.getByText('Default')).toBeTruthy();
    expect(screen.queryByText(/Valid|Active/)).toBeNull();
  });

  it('says a declined last charge instead of the meaning, in English and Estonian', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const method = cardFixture({ label: 'active', active: true, declined: true });
    const { rerender } = render(<CardSummary method={method} showMeaning />);
    expect(screen.getByTestId('card-declined').textContent).toBe('Your bank declined the last charge with this card. Try it again or use another card.');
    expect(screen.queryByText(/ready to pay|one tap pays/)).toBeNull();
    await act(() => i18n.changeLanguage('et'));
    rerender(<CardSummary method={method} showMeaning />);
    expect(screen.getByTestId('card-declined').textContent).toBe('Sinu pank lükkas selle kaardiga viimase makse tagasi. Proovi uuesti või kasuta teist kaarti.');
    expect(screen.getByText('Vaikekaart')).toBeTruthy();
  });
});
