import { beforeEach, describe, expect, it } from 'vitest';
import { appStylesheet } from './app-stylesheet';

/**
 * Each test reads a document of its own: test files share one document (vitest.config.ts), and
 * another file's first-screen script may have left its own stylesheet link in it.
 */
let doc: Document;

/**
 * link adds the whole stylesheet's link as index.html's first-screen script marks it, in state.
 * Without rel="stylesheet": jsdom would settle a stylesheet's load itself; the test fires it.
 */
function link(state: string): HTMLLinkElement {
  const l = doc.createElement('link');
  l.setAttribute('data-app-styles', state);
  doc.head.append(l);
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
  beforeEach(() => {
    doc = document.implementation.createHTMLDocument();
  });

  it('until the link has loaded', async () => {
    const l = link('loading');
    const waiting = appStylesheet(doc);
    expect(await settled(waiting)).toBe(false);
    l.dispatchEvent(new Event('load'));
    expect(await settled(waiting)).toBe(true);
  });

  it('not after a failed load, nor when it is there already or there is none', async () => {
    const l = link('loading');
    const waiting = appStylesheet(doc);
    l.dispatchEvent(new Event('error'));
    expect(await settled(waiting)).toBe(true);
    l.setAttribute('data-app-styles', 'load');
    expect(await settled(appStylesheet(doc))).toBe(true);
    l.remove();
    expect(await settled(appStylesheet(doc))).toBe(true);
  });
});
