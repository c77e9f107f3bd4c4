import { afterEach, describe, expect, it, vi } from 'vitest';

type Options = { onNeedRefresh?: () => void; onRegisteredSW?: (url: string, reg: ServiceWorkerRegistration | undefined) => void };
const registerSW = vi.fn<(o: Options) => (reload?: boolean) => Promise<void>>();
vi.mock('./sw-register', () => ({ registerSW }));

// A window that has loaded, supports workers, and sits at the given path.
function fakeWindow(pathname: string) {
  return {
    navigator: { serviceWorker: {} },
    document: { readyState: 'complete' },
    location: { pathname },
    setTimeout: (fn: () => void) => fn(),
    setInterval: () => 0,
    addEventListener: vi.fn(),
  } as unknown as Window;
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
    registerServiceWorker(() => {}, fakeWindow('/orders'));
    await flush();
    registerSW.mock.calls[0]![0].onNeedRefresh!();
    expect(updateStore.pending()).toBe(true);
    expect(swap).not.toHaveBeenCalled();
  });

  it('on /update, swaps a waiting build in at once so the reload brings the required version', async () => {
    vi.stubEnv('DEV', false);
    const swap = vi.fn(() => Promise.resolve());
    registerSW.mockReturnValue(swap);
    const { registerServiceWorker } = await import('./service-worker');
    let route: (p: string) => void = () => {};
    registerServiceWorker((l) => (route = l), fakeWindow('/update'));
    await flush();
    const update = vi.fn(() => Promise.resolve());
    registerSW.mock.calls.at(-1)![0].onRegisteredSW!('/sw.js', { update } as unknown as ServiceWorkerRegistration);
    expect(update).toHaveBeenCalled(); // asked the server for a new build at once
    registerSW.mock.calls.at(-1)![0].onNeedRefresh!();
    expect(swap).toHaveBeenCalledWith(true);
    route('/update');
    expect(swap).toHaveBeenCalledTimes(2);
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
