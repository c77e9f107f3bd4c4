import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { UpdatePrompt } from './update-prompt';
import { UpdateSlot } from './update-slot';
import { dismissUpdate, offerUpdate, updateStore } from './update-store';

describe('UpdatePrompt', () => {
  afterEach(() => act(() => dismissUpdate()));

  it('shows nothing until a new build waits, then reloads into it on request', async () => {
    await initI18n();
    render(<UpdatePrompt />);
    expect(screen.queryByRole('status')).toBeNull();
    const swap = vi.fn(() => Promise.resolve());
    act(() => offerUpdate(swap));
    expect(screen.getByRole('status').textContent).toContain('A new version of Lockers is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(swap).toHaveBeenCalledOnce();
  });

  it('hides when put off, until the next build', async () => {
    await initI18n();
    render(<UpdatePrompt />);
    act(() => offerUpdate(() => Promise.resolve()));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(updateStore.pending()).toBe(false);
    act(() => offerUpdate(() => Promise.resolve()));
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('the slot in the entry loads the prompt only once a new build waits', async () => {
    await initI18n();
    render(<UpdateSlot />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => offerUpdate(() => Promise.resolve()));
    expect((await screen.findByRole('status')).textContent).toContain('A new version of Lockers is ready.');
  });
});
