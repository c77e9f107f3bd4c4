import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { PushNotifications } from '@capacitor/push-notifications';
import { StatusBar, Style } from '@capacitor/status-bar';
import { loadApi } from '@/api/load';
import { read, remove, storageKeys, write } from '@/lib/storage';

type Navigate = (to: string) => void;

/** Paths that links from outside bring back into the app: payment returns and guest links. */
const inAppPaths = /^\/(callback\/(payment|order-payment|method)\/[^/]+|guest\/[^/]+)$/;

/**
 * appPathOf maps an opened URL (https://host/guest/…, or the app's own scheme) to a path
 * of the app when it is one the app handles, else null.
 */
export function appPathOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  // Custom schemes (ee.lockers.app://guest/abc) put the first segment in the host.
  const path = u.protocol === 'https:' || u.protocol === 'http:' ? u.pathname : `/${u.host}${u.pathname}`;
  return inAppPaths.test(path) ? path + u.search : null;
}

/**
 * startNative wires the Capacitor plugins once, in the native build only (start.tsx
 * imports this module behind import.meta.env.MODE === 'native', so the web bundle has
 * none of it): deep links, the Android back button, the status bar and push.
 */
export async function startNative(navigate: Navigate): Promise<void> {
  await App.addListener('appUrlOpen', ({ url }) => {
    const path = appPathOf(url);
    if (path) navigate(path);
  });
  // Back walks the app's history; at its start it leaves the app, as Android apps do.
  await App.addListener('backButton', ({ canGoBack }) => {
    if (canGoBack) window.history.back();
    else void App.exitApp();
  });
  await StatusBar.setStyle({ style: Style.Light }).catch(() => {});
  if (Capacitor.getPlatform() === 'android') {
    // Drawn under the status bar: the headers pad themselves by env(safe-area-inset-top) (viewport-fit=cover).
    await StatusBar.setOverlaysWebView({ overlay: true }).catch(() => {});
  }
  await registerPush().catch(() => {});
}

/**
 * registerPush asks for permission and registers with FCM/APNs. The token is stored
 * under `device-token` (the spec's storage rule) and sent with auth.deviceToken: now
 * when signed in, else by the next sign-in (features/account), then removed locally.
 */
async function registerPush(): Promise<void> {
  let perm = await PushNotifications.checkPermissions();
  if (perm.receive === 'prompt') perm = await PushNotifications.requestPermissions();
  if (perm.receive !== 'granted') return;
  await PushNotifications.addListener('registration', ({ value }) => {
    const type = Capacitor.getPlatform() === 'ios' ? 'apns' : 'fcm';
    write(storageKeys.deviceToken, JSON.stringify({ type, token: value }));
    void sendIfSignedIn(type, value);
  });
  await PushNotifications.register();
}

async function sendIfSignedIn(type: string, token: string): Promise<void> {
  if (!read(storageKeys.bearer)) return;
  try {
    const { trpc } = await loadApi();
    await trpc.auth.deviceToken.mutate({ type, token });
    remove(storageKeys.deviceToken);
  } catch {
    // Kept for the next sign-in.
  }
}
