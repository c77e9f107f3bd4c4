// Server state of doors and keypad codes (issue 13): the codes of an order
// locker (code.*), opening its door from the app (locker.open) and the station
// kiosk (kiosk.enter). Opening a door and using a code change the order locker's
// status a moment later (door events), so writes mark the order reads stale.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { trpc } from '@/api/trpc';
import { toast } from '@/components/ui/toast-store';
import i18n from '@/i18n';

export interface LockerRef {
  orderUuid: string;
  orderLockerUuid: string;
}

export const codesQuery = (ref: LockerRef) =>
  queryOptions({
    queryKey: ['code', 'list', ref.orderUuid, ref.orderLockerUuid] as const,
    queryFn: () => trpc.code.list.query(ref),
    // Usage changes at the station: keep it fresh while the screen is open.
    refetchInterval: 5000,
    meta: { silent: true },
  });

function codesChanged(client: QueryClient, ref: LockerRef): void {
  void client.invalidateQueries({ queryKey: ['code', 'list', ref.orderUuid, ref.orderLockerUuid] });
  void client.invalidateQueries({ queryKey: ['order', 'get', ref.orderUuid] });
}

/** useRegenerateCode replaces a code by a new one; the old one stops working at once. */
export function useRegenerateCode(ref: LockerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codeUuid: string) => trpc.code.regenerate.mutate({ ...ref, codeUuid }),
    onSuccess: () => codesChanged(client, ref),
  });
}

/** useAddCode adds another code of a kind (say, one per courier). */
export function useAddCode(ref: LockerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'delivery' | 'picking') => trpc.code.add.mutate({ ...ref, kind }),
    onSuccess: () => codesChanged(client, ref),
  });
}

/** useRemoveCode deletes a code; the last one of its kind stays (CANT). */
export function useRemoveCode(ref: LockerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codeUuid: string) => trpc.code.remove.mutate({ ...ref, codeUuid }),
    onSuccess: () => codesChanged(client, ref),
    meta: { silent: true },
  });
}

/**
 * useOpenIntent asks for a door confirmation (locker.openIntent): a single-use token the
 * server accepts in locker.open for a short while (DOOR_INTENT_TTL), so that a command
 * sent late, or replayed, opens nothing (issue 26). The server refuses it while it would
 * refuse the door (too early, unpaid, not the user's), which the dialog shows instead.
 */
export function useOpenIntent(ref: LockerRef) {
  return useMutation({
    mutationFn: () => trpc.locker.openIntent.mutate(ref),
    // The dialog says what failed itself, offline included.
    meta: { silent: true, showsOffline: true },
  });
}

/** The order lockers whose open screen is showing: it says "Door is open" itself. */
const watched = new Set<string>();

/** watchDoor marks an order locker's open screen as showing until the returned function runs. */
export function watchDoor(orderLockerUuid: string): () => void {
  watched.add(orderLockerUuid);
  return () => watched.delete(orderLockerUuid);
}

/**
 * useOpenLocker opens the door with a fresh intent; it answers once the door sensor
 * reported open. Its callbacks are the mutation's own, so they run after the screen is
 * gone too: an open that was on its way when the user left still says that the door
 * opened, in a toast, and the order page reads the order again (issue 43).
 */
export function useOpenLocker(ref: LockerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (intent: string) => trpc.locker.open.mutate({ ...ref, intent }),
    onSuccess: (opened) => {
      if (!watched.has(ref.orderLockerUuid)) {
        toast({ text: () => ({ description: i18n.t('door.openedElsewhere', { ns: 'booking', label: opened.label }) }) });
      }
    },
    onSettled: () => codesChanged(client, ref),
    // The screen says what failed itself, offline included.
    meta: { silent: true, showsOffline: true },
  });
}

/**
 * revokeIntent withdraws a door confirmation on the server (locker.revokeIntent): an open
 * that reaches the server after it opens nothing. It answers whether it was in time
 * (false: an open used the intent already).
 */
export async function revokeIntent(ref: LockerRef, intent: string): Promise<boolean> {
  return (await trpc.locker.revokeIntent.mutate({ ...ref, intent })).revoked;
}

/**
 * useExtendElsewhere extends a rental whose own compartment is booked after it
 * by moving it to a free one of the same kind (order.extendElsewhere).
 */
export function useExtendElsewhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LockerRef & { end: string }) => trpc.order.extendElsewhere.mutate(input),
    onSuccess: (order) => {
      // The order moved to another compartment: every read of it is stale.
      void client.invalidateQueries({ queryKey: ['order'] });
      void client.invalidateQueries({ queryKey: ['station', 'availability', order.station.uuid] });
    },
    // The offer says what failed itself.
    meta: { silent: true },
  });
}

/** useKioskEnter sends a code typed at a station's kiosk. */
export function useKioskEnter(stationUuid: string) {
  return useMutation({
    mutationFn: (code: string) => trpc.kiosk.enter.mutate({ stationUuid, code }),
    meta: { silent: true },
  });
}

/** useCreateGuest makes a guest link for the picking side; its token is shown once. */
export function useCreateGuest(ref: LockerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => trpc.guest.create.mutate(ref),
    onSuccess: () => codesChanged(client, ref),
  });
}

/** useRevokeGuest ends a guest link at once. */
export function useRevokeGuest(ref: LockerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guestUuid: string) => trpc.guest.revoke.mutate({ ...ref, guestUuid }),
    onSuccess: () => codesChanged(client, ref),
  });
}

export const guestQuery = (token: string) =>
  queryOptions({
    queryKey: ['guest', 'get', token] as const,
    queryFn: () => trpc.guest.get.query({ token }),
    refetchInterval: 10_000,
    retry: false,
    meta: { silent: true },
  });

/** useReplaceLocker moves the rental off a compartment whose door did not open. */
export function useReplaceLocker(ref: LockerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => trpc.locker.replace.mutate(ref),
    onSuccess: () => codesChanged(client, ref),
    meta: { silent: true },
  });
}

export const temperaturesQuery = (ref: LockerRef) =>
  queryOptions({
    queryKey: ['locker', 'temperatures', ref.orderUuid, ref.orderLockerUuid] as const,
    queryFn: () => trpc.locker.temperatures.query(ref),
    refetchInterval: 60_000,
    meta: { silent: true },
  });
