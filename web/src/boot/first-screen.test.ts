import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '@/api/generated/app-router';
import { applyAuthResponse } from '@/features/session/session';
import { initI18n, setLanguage } from '@/i18n';
import { firstScreenScript } from './first-screen';

// jsdom cannot import modules: this import says what it was asked to load.
const entry = '/assets/main-abc.js';
const importer = '(url) => { document.documentElement.dataset.started = url; return Promise.resolve(); }';

// index.html as the build writes it: #root, the app shell, the two prerendered
// sign-in screens, then the generated inline script, run here from its text.
function load(path: string): string | null {
  window.history.replaceState(null, '', path);
  document.documentElement.lang = 'en';
  document.body.innerHTML = `<div id="root"></div>
    <template id="app-shell"><p>shell</p></template>
    <template id="sign-in-en-US"><form><input name="email"></form></template>
    <template id="sign-in-et"><form><input name="email"></form></template>`;
  new Function(firstScreenScript(entry, { load: importer }))();
  return document.getElementById('root')?.getAttribute('data-prerendered') ?? null;
}

describe('the first-screen script of index.html', () => {
  beforeEach(() => localStorage.clear());

  it('shows the sign-in screen on /login and on signed-in routes without a token', () => {
    expect(load('/login')).toBe('sign-in-en-US');
    expect(load('/')).toBe('sign-in-en-US');
    expect(load('/orders/')).toBe('sign-in-en-US');
    expect(document.querySelector('#root form')).not.toBeNull();
  });

  it('moves a signed-in route without a token to /login before the app starts, remembering it', () => {
    expect(load('/orders/active?source=mail#top')).toBe('sign-in-en-US');
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('?source=mail');
    expect(localStorage.getItem('pre_login_url')).toBe('/orders/active?source=mail#top');
    localStorage.clear();
    expect(load('/login')).toBe('sign-in-en-US');
    expect(localStorage.getItem('pre_login_url')).toBeNull();
    expect(load('/help')).toBe('app-shell');
    expect(window.location.pathname).toBe('/help');
  });

  it('shows the app shell on public routes, on routes it cannot match, and with a token', () => {
    expect(load('/help')).toBe('app-shell');
    expect(load('/book/o1')).toBe('app-shell'); // a parameter: the router decides
    applyAuthResponse({ token: 'token', user: null } as unknown as AuthResponse); // as a sign-in stores it
    expect(load('/')).toBe('app-shell');
    expect(load('/login')).toBe('sign-in-en-US');
  });

  it('reads the language the app stores', async () => {
    await initI18n();
    await setLanguage('et'); // as the language switch stores it
    expect(load('/login')).toBe('sign-in-et');
    expect(document.documentElement.lang).toBe('et');
  });

  it('imports the entry of the app shell at once (jsdom reports no paints)', async () => {
    delete document.documentElement.dataset.started;
    load('/help');
    await vi.waitFor(() => expect(document.documentElement.dataset.started).toBe(entry));
  });

  it('imports the entry of the sign-in screen at the first input, and marks that an input started it', async () => {
    delete document.documentElement.dataset.started;
    document.documentElement.removeAttribute('data-input');
    load('/login');
    await new Promise((r) => setTimeout(r, 10));
    expect(document.documentElement.dataset.started).toBeUndefined();
    document.querySelector('#root input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(document.documentElement.dataset.started).toBe(entry));
    expect(document.documentElement.hasAttribute('data-input')).toBe(true);
  });

  it('preloads the chunks and texts of the sign-in screen at the first input, all at once', () => {
    window.history.replaceState(null, '', '/login');
    localStorage.setItem('language', 'et');
    document.body.innerHTML = `<div id="root"></div><template id="sign-in-et"><form><input name="email"></form></template>`;
    const preload = { modules: ['/assets/start.js', '/assets/client.js'], texts: { 'en-US': ['/assets/en.js'], et: ['/assets/et.js'] } };
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    new Function(firstScreenScript(entry, { preload, load: importer }))();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    document.querySelector('#root input')?.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);
    expect(links).toEqual(['/assets/start.js', '/assets/client.js', '/assets/en.js', '/assets/et.js']);
  });

  it('links the whole stylesheet when it starts the app, not before, and marks when it has loaded', () => {
    window.history.replaceState(null, '', '/login');
    localStorage.removeItem('language');
    document.body.innerHTML = `<div id="root"></div><template id="sign-in-en-US"><form><input name="email"></form></template>`;
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    new Function(firstScreenScript(entry, { stylesheet: '/assets/index-abc.css', load: importer }))();
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
    document.querySelector('#root input')?.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    const sheets = document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    expect([...sheets].map((l) => new URL(l.href).pathname)).toEqual(['/assets/index-abc.css']);
    expect(sheets[0]!.getAttribute('data-app-styles')).toBe('loading');
    sheets[0]!.dispatchEvent(new Event('load'));
    expect(sheets[0]!.getAttribute('data-app-styles')).toBe('load');
  });

  it('imports the entry of the sign-in screen at Back or Forward, which is no input to the page', async () => {
    delete document.documentElement.dataset.started;
    document.documentElement.removeAttribute('data-input');
    load('/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect(document.documentElement.dataset.started).toBe(entry));
    expect(document.documentElement.hasAttribute('data-input')).toBe(false);
  });

  it('imports the entry of the sign-in screen at once when the server ended the session, which it tells', async () => {
    delete document.documentElement.dataset.started;
    sessionStorage.setItem('session_ended', '1');
    try {
      load('/login');
      await vi.waitFor(() => expect(document.documentElement.dataset.started).toBe(entry));
    } finally {
      sessionStorage.clear();
    }
  });

  it('in the native build, imports the entry of the sign-in screen at once', async () => {
    delete document.documentElement.dataset.started;
    window.history.replaceState(null, '', '/login');
    document.body.innerHTML = `<div id="root"></div><template id="sign-in-en-US"><form></form></template>`;
    new Function(firstScreenScript(entry, { startAtInput: false, load: importer }))();
    await vi.waitFor(() => expect(document.documentElement.dataset.started).toBe(entry));
  });

  it('holds a submit and clicks on buttons made before the app runs, for the app to carry out', () => {
    load('/login');
    const root = document.getElementById('root')!;
    root.querySelector('form')!.insertAdjacentHTML('beforeend', '<button type="button">a</button><button type="button">b</button>');
    const submit = new Event('submit', { cancelable: true });
    root.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(root.hasAttribute('data-submitted')).toBe(true);
    const second = root.querySelectorAll('button')[1]!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    second.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(root.getAttribute('data-clicks')?.trim()).toBe('1');
    // Once the app has taken over, nothing more is held.
    root.removeAttribute('data-prerendered');
    root.removeAttribute('data-submitted');
    root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(root.hasAttribute('data-submitted')).toBe(false);
  });
});
