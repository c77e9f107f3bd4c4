import type { DeviceTokenInput } from '@/api/generated/app-router';
import { trpc } from '@/api/trpc';
import { read, remove, storageKeys } from '@/lib/storage';

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

/**
 * sendStoredDeviceToken hands the stored push token to the new session (spec §7:
 * sent after auth, then removed locally). On failure it stays for the next sign-in.
 */
export async function sendStoredDeviceToken(): Promise<void> {
  const input = parseDeviceToken(read(storageKeys.deviceToken));
  if (!input) return;
  try {
    await trpc.auth.deviceToken.mutate(input);
    remove(storageKeys.deviceToken);
  } catch {
    // Kept for the next sign-in.
  }
}
