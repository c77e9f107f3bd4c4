// Local storage keys of spec §9. One place names them so that a typo cannot create a
// second, silently empty key, and so that tests can clear exactly what the app wrote.
export const storageKeys = {
  bearer: 'Bearer',
  deviceToken: 'device-token',
  preLoginUrl: 'pre_login_url',
  source: '__SOURCE',
  campaign: '__CAMPAIGN',
  language: 'language',
  /** A language the visitor chose with the switch: saved to the account at the next sign-in (issue 28). */
  languageChoice: 'language-choice',
  /** The codes of the signed-in user's active orders, for the station with no signal (lib/offline-codes.ts). */
  offlineCodes: 'offline-codes',
  /** The idempotency key of each booking draft, so Reserve makes one order per draft (features/booking/draft-key.ts). */
  bookingDrafts: 'booking-drafts',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** read returns the stored value, or null when absent or when storage is unavailable (private mode). */
export function read(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working for this visit.
  }
}

export function remove(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

/**
 * rememberAttribution stores where a visitor came from: the URL parameters `source`
 * and `campaign`, or the defaults `web` / `default` when the visitor has none stored yet.
 * A later visit with new parameters overwrites them (the latest campaign wins).
 */
export function rememberAttribution(search: string): void {
  const params = new URLSearchParams(search);
  const source = params.get('source');
  const campaign = params.get('campaign');
  if (source) write(storageKeys.source, source);
  else if (!read(storageKeys.source)) write(storageKeys.source, 'web');
  if (campaign) write(storageKeys.campaign, campaign);
  else if (!read(storageKeys.campaign)) write(storageKeys.campaign, 'default');
}
