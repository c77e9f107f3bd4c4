import { afterEach, describe, expect, it } from 'vitest';
import { appStylesheet } from './app-stylesheet';

/**
 * link adds the whole stylesheet's link as index.html's first-screen script marks it, in state.
 * Without rel="stylesheet": jsdom would settle a stylesheet's load itself; the test fires it.
 */
function link(state: string): HTMLLinkElement {
  const l = document.createElement('link');
  l.setAttribute('data-app-styles', state);
  document.head.append(l);
  return l;
}

/** settled tells whether p has settled after the tasks queued before it. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
}

describe('the app waits for its whole stylesheet', () => {
  afterEach(() => document.head.querySelectorAll('link[data-app-styles]').forEach((l) => l.remove()));

  it('until the link has loaded', async () => {
    const l = link('loading');
    const waiting = appStylesheet();
    expect(await settled(waiting)).toBe(false);
    l.dispatchEvent(new Event('load'));
    expect(await settled(waiting)).toBe(true);
  });

  it('not after a failed load, nor when it is there already or there is none', async () => {
    const l = link('loading');
    const waiting = appStylesheet();
    l.dispatchEvent(new Event('error'));
    expect(await settled(waiting)).toBe(true);
    l.setAttribute('data-app-styles', 'load');
    expect(await settled(appStylesheet())).toBe(true);
    l.remove();
    expect(await settled(appStylesheet())).toBe(true);
  });
});
