import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onFirstInput } from './first-input';

describe('onFirstInput', () => {
  // The shared test environment keeps <html> between files: first-screen.test.ts's sign-in screen marks it
  // data-input at an input, which would make every onFirstInput here run in the next task instead.
  beforeEach(() => document.documentElement.removeAttribute('data-input'));

  it('waits for the first input, then runs once', () => {
    const fn = vi.fn();
    onFirstInput(fn);
    window.dispatchEvent(new Event('load'));
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(fn).not.toHaveBeenCalled();

    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(fn).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    window.dispatchEvent(new Event('wheel'));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('counts a tap, a touch and a scroll as input', () => {
    for (const type of ['pointerdown', 'touchstart', 'wheel']) {
      const fn = vi.fn();
      onFirstInput(fn);
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      expect(fn, type).toHaveBeenCalledTimes(1);
    }
  });

  it('runs in the next task when an input has already started the app', async () => {
    document.documentElement.setAttribute('data-input', '');
    try {
      const fn = vi.fn();
      onFirstInput(fn);
      expect(fn).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
      expect(fn).toHaveBeenCalledTimes(1);
    } finally {
      document.documentElement.removeAttribute('data-input');
    }
  });
});
