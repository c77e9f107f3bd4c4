import type { DeviceInfo } from '@/api/generated/app-router';
import { appVersion } from './version';

/**
 * deviceInfo describes this browser as the device of spec §3, sent with authorize,
 * login and update. The web build has no web view, so webViewVersion is null.
 */
export function deviceInfo(nav: Navigator = navigator): DeviceInfo {
  const ua = nav.userAgent;
  return {
    appVersion,
    deviceName: browserName(ua),
    platform: nativePlatform() ?? 'web',
    model: platformName(ua),
    osVersion: osVersion(ua),
    webViewVersion: null,
  };
}

/**
 * nativePlatform is 'android' or 'ios' inside the Capacitor shell (its bridge sets
 * window.Capacitor before the app runs), null in a browser. Only the native build
 * looks: the web build compiles this to null.
 */
export function nativePlatform(win: Window = window): string | null {
  if (import.meta.env.MODE !== 'native') return null;
  const cap = (win as Window & { Capacitor?: { getPlatform?: () => string } }).Capacitor;
  const p = cap?.getPlatform?.();
  return p === 'android' || p === 'ios' ? p : null;
}

function browserName(ua: string): string {
  if (/Edg\//.test(ua)) return 'Edge';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Browser';
}

function platformName(ua: string): string {
  if (/Android/.test(ua)) return 'Android';
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Linux/.test(ua)) return 'Linux';
  return 'unknown';
}

function osVersion(ua: string): string {
  const m = /(Android|CPU (?:iPhone )?OS|Mac OS X|Windows NT) ([\d._]+)/.exec(ua);
  return m?.[2]?.replace(/_/g, '.') ?? 'unknown';
}
