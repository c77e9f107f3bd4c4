import { afterEach, describe, expect, it, vi } from 'vitest';

type Options = { onNeedRefresh?: () => void; onRegisteredSW?: (url: string, reg: ServiceWorkerRegistration | undefined) => void };
const registerSW = vi.fn<(o: Options) => (reload?: boolean) => Promise<void>>();
vi.mock('./sw-register', () => ({ registerSW }));

// A window that has loaded, supports workers, and sits at the given path; input(type)
// plays the visitor's event of that type.
function fakeWindow(pathname: string) {
  const listeners = new Map<string, () => void>();
  return {
    navigator: { serviceWorker: {} },
    document: { readyState: 'complete' },
    location: { pathname },
    setTimeout: (fn: () => void) => fn(),
    setInterval: () => 0,
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    input: (type: string) => listeners.get(type)?.(),
  } as unknown as Window & { input: (type: string) => void };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('registerServiceWorker', () => {
  afterEach(() => vi.resetModules());

  it('in the built app, offers a new build through the prompt and does not swap it in unasked', async () => {
    vi.stubEnv('DEV', false);
    const swap = vi.fn(() => Promise.resolve());
    registerSW.mockReturnValue(swap);
    const { registerServiceWorker } = await import('./service-worker');
    const { updateStore } = await import('./update-store');
    const win = fakeWindow('/orders');
    registerServiceWorker(() => {}, win);
    await flush();
    expect(registerSW).not.toHaveBeenCalled(); // not before the visitor's first input
    win.input('pointerdown');
    await flush();
    registerSW.mock.calls[0]![0].onNeedRefresh!();
    expect(updateStore.pending()).toBe(true);
    expect(swap).not.toHaveBeenCalled();
  });

  it('on /update, registers without waiting for input and swaps a waiting build in at once so the reload brings the required version', async () => {
    vi.stubEnv('DEV', false);
    const swap = vi.fn(() => Promise.resolve());
    registerSW.mockReturnValue(swap);
    const { registerServiceWorker } = await import('./service-worker');
    let route: (p: string) => void = () => {};
    registerSW.mockClear();
    registerServiceWorker((l) => (route = l), fakeWindow('/update'));
    await flush();
    expect(registerSW).toHaveBeenCalledTimes(1);
    const update = vi.fn(() => Promise.resolve());
    registerSW.mock.calls.at(-1)![0].onRegisteredSW!('/sw.js', { update } as unknown as ServiceWorkerRegistration);
    expect(update).toHaveBeenCalled(); // asked the server for a new build at once
    registerSW.mock.calls.at(-1)![0].onNeedRefresh!();
    expect(swap).toHaveBeenCalledWith(true);
    route('/update');
    await flush();
    expect(swap).toHaveBeenCalledTimes(2);
  });

  it('registers at once when the app moves to /update before any input', async () => {
    vi.stubEnv('DEV', false);
    registerSW.mockClear();
    registerSW.mockReturnValue(vi.fn(() => Promise.resolve()));
    const { registerServiceWorker } = await import('./service-worker');
    let route: (p: string) => void = () => {};
    const win = fakeWindow('/login');
    registerServiceWorker((l) => (route = l), win);
    route('/orders');
    await flush();
    expect(registerSW).not.toHaveBeenCalled();
    route('/update');
    await flush();
    expect(registerSW).toHaveBeenCalledTimes(1);
    win.input('keydown'); // a later input registers nothing more
    await flush();
    expect(registerSW).toHaveBeenCalledTimes(1);
  });

  it('never registers where browsers have no workers or inside the native app', async () => {
    vi.stubEnv('DEV', false);
    registerSW.mockClear();
    const { registerServiceWorker } = await import('./service-worker');
    registerServiceWorker(() => {}, { ...fakeWindow('/'), navigator: {} } as unknown as Window);
    registerServiceWorker(() => {}, { ...fakeWindow('/'), Capacitor: {} } as unknown as Window);
    await flush();
    expect(registerSW).not.toHaveBeenCalled();
  });
});
