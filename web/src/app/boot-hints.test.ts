import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunksHinted, hintsTimeoutMs } from './boot-hints';

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('chunksHinted', () => {
  afterEach(() => {
    document.head.replaceChildren();
    document.documentElement.removeAttribute('data-preloaded');
  });

  it('resolves at once without a preload list (dev server, tests)', async () => {
    expect(await settled(chunksHinted())).toBe(true);
  });

  it('waits for the boot script to finish its hints', async () => {
    document.head.innerHTML = '<meta name="lockers-preload" content="/assets/a.js">';
    const hinted = chunksHinted();
    expect(await settled(hinted)).toBe(false);
    document.documentElement.setAttribute('data-preloaded', '');
    document.dispatchEvent(new Event('lockers:preloaded'));
    expect(await settled(hinted)).toBe(true);
  });

  it('gives up waiting when the boot script never finishes', async () => {
    vi.useFakeTimers();
    try {
      document.head.innerHTML = '<meta name="lockers-preload" content="/assets/a.js">';
      let done = false;
      void chunksHinted().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(hintsTimeoutMs - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resolves at once when the hints are already out', async () => {
    document.head.innerHTML = '<meta name="lockers-preload" content="/assets/a.js">';
    document.documentElement.setAttribute('data-preloaded', '');
    expect(await settled(chunksHinted())).toBe(true);
  });
});
