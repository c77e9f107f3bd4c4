import type { DeviceTokenInput } from '@/api/generated/app-router';

/**
 * parseDeviceToken reads the push token a native shell left under `device-token`:
 * JSON {type, token}, or a bare token string (Firebase Cloud Messaging, the common case).
 */
export function parseDeviceToken(raw: string | null): DeviceTokenInput | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.startsWith('{')) {
    try {
      const v = JSON.parse(value) as Partial<DeviceTokenInput>;
      if (typeof v.type === 'string' && typeof v.token === 'string' && v.type && v.token) {
        return { type: v.type.toLowerCase(), token: v.token };
      }
    } catch {
      // Not JSON after all: fall through to a bare token.
    }
    return null;
  }
  return { type: 'fcm', token: value };
}
