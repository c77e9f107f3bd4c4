import { read, remove, storageKeys, write } from './storage';

// The codes of the signed-in user's active orders, kept on the device so that they can
// be read at a station with no signal (issue 26): the installed PWA and the native app
// open without the network, but the server cannot be asked. What the keypad needs is
// kept and nothing else: station, compartment, the delivery and picking codes and the
// station's offline PIN when there was one. An entry lives until its order ends (or is
// seen cancelled); everything goes at sign-out (features/session signOut calls
// clearOfflineCodes) and with the session's token: the entries are bound to the token
// they were saved under, so a session that ended another way (the server refused the
// token, storage edited) shows nothing and is purged on the next read.

export interface OfflinePin {
  pin: string;
  validFrom: string;
  validUntil: string;
}

/** OfflineLocker is one rented compartment as the keypad needs it. */
export interface OfflineLocker {
  orderUuid: string;
  orderLockerUuid: string;
  station: string;
  timeZone: string;
  label: string;
  delivery: string[];
  picking: string[];
  offlinePin: OfflinePin | null;
  start: string;
  /** The order's end: the entry is dropped after it. */
  end: string;
}

interface Stored {
  v: 1;
  user: string;
  /** tokenTag of the session the entries belong to (not the token itself). */
  token: string;
  lockers: OfflineLocker[];
}

/**
 * tokenTag is a short FNV-1a hash of the bearer token: enough to tell one session from
 * another on this device without keeping a second copy of the secret.
 */
export function tokenTag(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

function load(): Stored | null {
  const raw = read(storageKeys.offlineCodes);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Stored;
    return s && s.v === 1 && Array.isArray(s.lockers) ? s : null;
  } catch {
    return null;
  }
}

function save(s: Stored): void {
  if (s.lockers.length === 0) remove(storageKeys.offlineCodes);
  else write(storageKeys.offlineCodes, JSON.stringify(s));
}

const live = (now: number) => (l: OfflineLocker) => Date.parse(l.end) > now;

/**
 * offlineLockers is what may be shown now: the entries saved under this token whose
 * order has not ended, ordered by start. Anything else is removed on the way.
 */
export function offlineLockers(token: string | null, now = Date.now()): OfflineLocker[] {
  const s = load();
  if (!s) return [];
  if (!token || s.token !== tokenTag(token)) {
    clearOfflineCodes();
    return [];
  }
  const kept = s.lockers.filter(live(now));
  if (kept.length !== s.lockers.length) save({ ...s, lockers: kept });
  // A PIN past its window opens nothing: it is not shown.
  const pins = kept.map((l) => (l.offlinePin && Date.parse(l.offlinePin.validUntil) <= now ? { ...l, offlinePin: null } : l));
  return pins.sort((a, b) => a.start.localeCompare(b.start) || a.label.localeCompare(b.label));
}

/**
 * keepLockers stores or replaces entries for this user's session and drops those of
 * the given orders that are not among them (an order whose lockers are all listed).
 * Entries of another user or session are replaced as a whole.
 */
export function keepLockers(user: string, token: string, lockers: OfflineLocker[], now = Date.now()): void {
  const tag = tokenTag(token);
  const s = load();
  const mine = s && s.user === user && s.token === tag ? s.lockers : [];
  const byId = new Map(mine.filter(live(now)).map((l) => [l.orderLockerUuid, l]));
  for (const l of lockers) if (live(now)(l)) byId.set(l.orderLockerUuid, l);
  save({ v: 1, user, token: tag, lockers: [...byId.values()] });
}

/** storedLocker is one saved entry of this session, or undefined. */
export function storedLocker(token: string | null, orderLockerUuid: string, now = Date.now()): OfflineLocker | undefined {
  return offlineLockers(token, now).find((l) => l.orderLockerUuid === orderLockerUuid);
}

/** forgetOrders drops the entries of orders that ended or were cancelled. */
export function forgetOrders(orderUuids: Iterable<string>): void {
  const s = load();
  if (!s) return;
  const gone = new Set(orderUuids);
  const kept = s.lockers.filter((l) => !gone.has(l.orderUuid));
  if (kept.length !== s.lockers.length) save({ ...s, lockers: kept });
}

/** clearOfflineCodes removes every saved code from the device (sign-out). */
export function clearOfflineCodes(): void {
  remove(storageKeys.offlineCodes);
}
