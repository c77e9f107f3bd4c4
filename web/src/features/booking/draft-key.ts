import { newIdempotencyKey } from '@/lib/idempotency';
import { read, remove, storageKeys, write } from '@/lib/storage';

// One booking draft, one order (issue 26). order.create returns the order it made
// first for a repeated idempotency key, so Reserve keeps one key per draft — station,
// product, start and end — in localStorage: Back, a reload or a second tab with the
// same draft send the same key and get the same order back. A draft whose order was
// paid, cancelled or let go is forgotten, so reserving it again books anew; another
// draft has its own key. Old entries go after pruneAfter (an order cannot wait for
// payment longer than an hour), and at most maxDrafts are kept.

export interface Draft {
  stationUuid: string;
  height: string;
  type: string;
  temperature: string;
  start: string;
  end: string;
}

export interface DraftKey {
  key: string;
  /** The order this key made, when an answer told us; null before. */
  orderUuid: string | null;
}

interface Entry extends DraftKey {
  draft: string;
  at: number;
}

const pruneAfter = 2 * 3600_000;
const maxDrafts = 20;

/** draftId names a draft: what Reserve would book. */
export function draftId(d: Draft): string {
  return [d.stationUuid, d.height, d.type, d.temperature, d.start, d.end].join('|');
}

function load(now: number): Entry[] {
  let entries: unknown;
  try {
    entries = JSON.parse(read(storageKeys.bookingDrafts) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.filter(
    (e): e is Entry =>
      typeof e === 'object' && e !== null && typeof e.draft === 'string' && typeof e.key === 'string' && typeof e.at === 'number' && now - e.at < pruneAfter,
  );
}

function save(entries: Entry[]): void {
  if (entries.length === 0) remove(storageKeys.bookingDrafts);
  else write(storageKeys.bookingDrafts, JSON.stringify(entries.slice(-maxDrafts)));
}

/** draftKey is the draft's idempotency key, made and kept on first use. */
export function draftKey(d: Draft, now = Date.now()): DraftKey {
  const id = draftId(d);
  const entries = load(now);
  const found = entries.find((e) => e.draft === id);
  if (found) return { key: found.key, orderUuid: found.orderUuid ?? null };
  const entry: Entry = { draft: id, key: newIdempotencyKey(), orderUuid: null, at: now };
  save([...entries, entry]);
  return { key: entry.key, orderUuid: null };
}

/** rememberDraftOrder notes the order the draft's key made. */
export function rememberDraftOrder(d: Draft, orderUuid: string, now = Date.now()): void {
  const id = draftId(d);
  save(load(now).map((e) => (e.draft === id ? { ...e, orderUuid } : e)));
}

/** forgetDraft drops the draft's key: the next Reserve of it books a new order. */
export function forgetDraft(d: Draft, now = Date.now()): void {
  const id = draftId(d);
  save(load(now).filter((e) => e.draft !== id));
}

/** forgetDraftOrder drops the key that made orderUuid, once that order is paid, cancelled or over. */
export function forgetDraftOrder(orderUuid: string, now = Date.now()): void {
  const entries = load(now);
  const kept = entries.filter((e) => e.orderUuid !== orderUuid);
  if (kept.length !== entries.length) save(kept);
}

/** holdsDraft: the order still waits for its owner (reserved or waiting for payment), so the draft is taken. */
export function holdsDraft(status: string): boolean {
  return status === 'reserved' || status === 'unpaid' || status === 'processing';
}
