// Server state of the back office (/c-core/trpc/admin): one options factory per read,
// a hook per write. Lists page by key: each page carries the API's opaque `next`
// cursor, '' at the end. Every write refreshes every back-office read, since one
// action (a refund, a block) shows on several screens.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type {
  AdminActivityListInput,
  AdminAuditListInput,
  AdminCompartmentSaveInput,
  AdminEventListInput,
  AdminExtendInput,
  AdminGrantInput,
  AdminIssueListInput,
  AdminIssueUpdateInput,
  AdminOpenDoorInput,
  AdminLiveListInput,
  AdminNoteInput,
  AdminOrderListInput,
  AdminPackInput,
  AdminRefundInput,
  AdminResolveAlarmsInput,
  AdminRoleInput,
  AdminCredentialsInput,
  AdminSetPricesInput,
  AdminStationSaveInput,
  AdminStatsInput,
  AdminUserDeleteInput,
  AdminBlockInput,
  HelpSaveInput,
} from '@/api/generated/app-router';
import { adminTrpc, authHeaders } from '@/api/trpc';

/** The page size of every list; the API allows 1–200. */
export const pageSize = 50;

interface Paged {
  next: string;
}

/** KeyPagedOptions is what every list factory below answers, for useKeyPaged. */
export type KeyPagedOptions<P extends Paged> = ReturnType<typeof keyPaged<object, P>>;

/** keyPaged is the infinite query of one filtered list: each page asks from the last page's cursor. */
function keyPaged<I extends object, P extends Paged>(name: string, input: I, fetch: (input: I & { cursor?: string; limit: number }) => Promise<P>) {
  return infiniteQueryOptions({
    queryKey: ['admin', name, 'list', input as object] as const,
    queryFn: ({ pageParam }) => fetch({ ...input, cursor: pageParam || undefined, limit: pageSize }),
    initialPageParam: '',
    getNextPageParam: (last: P) => last.next || undefined,
    staleTime: 10_000,
    meta: { silent: true },
  });
}

// Empty filter fields are left out: the API reads a missing field as "any".
function defined<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== '' && v !== undefined)) as T;
}

export const usersList = (query: string) =>
  keyPaged('users', defined({ query }), (i) => adminTrpc.users.list.query(i));

export const userQuery = (userUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'users', 'get', userUuid] as const,
    queryFn: () => adminTrpc.users.get.query({ userUuid }),
    meta: { silent: true },
  });

export const ordersList = (filter: Omit<AdminOrderListInput, 'cursor' | 'limit'>) =>
  keyPaged('orders', defined(filter), (i) => adminTrpc.orders.list.query(i));

export const orderQuery = (orderUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'get', orderUuid] as const,
    queryFn: () => adminTrpc.orders.get.query({ orderUuid }),
    meta: { silent: true },
  });

export const liveList = (filter: Omit<AdminLiveListInput, 'cursor' | 'limit'>) =>
  keyPaged('reserved', defined(filter), (i) => adminTrpc.reserved.list.query(i));

export const dashboardQuery = queryOptions({
  queryKey: ['admin', 'dashboard'] as const,
  queryFn: () => adminTrpc.dashboard.get.query(),
  staleTime: 30_000,
  meta: { silent: true },
});

export const eventsList = (filter: Omit<AdminEventListInput, 'cursor' | 'limit'>) =>
  keyPaged('events', defined(filter), (i) => adminTrpc.events.list.query(i));

export const activityList = (filter: Omit<AdminActivityListInput, 'cursor' | 'limit'>) =>
  keyPaged('activity', defined(filter), (i) => adminTrpc.events.activity.query(i));

export const auditList = (filter: Omit<AdminAuditListInput, 'cursor' | 'limit'>) =>
  keyPaged('audit', defined(filter), (i) => adminTrpc.events.audit.query(i));

export const reconciliationQuery = (day: string) =>
  queryOptions({
    queryKey: ['admin', 'reconciliation', day] as const,
    queryFn: () => adminTrpc.reconciliation.get.query({ day }),
    staleTime: 60_000,
    meta: { silent: true },
  });

export const statisticsQuery = (input: AdminStatsInput) =>
  queryOptions({
    queryKey: ['admin', 'statistics', input] as const,
    queryFn: () => adminTrpc.statistics.get.query(defined(input)),
    staleTime: 60_000,
    meta: { silent: true },
  });

export const stationsList = (query: string) =>
  keyPaged('stations', defined({ query }), (i) => adminTrpc.stations.list.query(i));

/** allStationsQuery is every station's id and name, for the filters' station pickers (a few hundred at most). */
export const allStationsQuery = queryOptions({
  queryKey: ['admin', 'stations', 'all'] as const,
  queryFn: async () => {
    const out: { uuid: string; name: string }[] = [];
    let cursor: string | undefined;
    // Bounded: 10 pages of 200 is far above the stations an operator runs.
    for (let i = 0; i < 10; i++) {
      const page = await adminTrpc.stations.list.query({ cursor, limit: 200 });
      out.push(...page.items.map((s) => ({ uuid: s.uuid, name: s.station.name })));
      if (!page.next) break;
      cursor = page.next;
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  },
  staleTime: 5 * 60_000,
  meta: { silent: true },
});

export const stationQuery = (stationUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'stations', 'get', stationUuid] as const,
    queryFn: () => adminTrpc.stations.get.query({ stationUuid }),
    meta: { silent: true },
  });

export const packsQuery = queryOptions({
  queryKey: ['admin', 'coupons', 'packs'] as const,
  queryFn: () => adminTrpc.coupons.packs.query(),
  meta: { silent: true },
});

export const issuesList = (filter: Omit<AdminIssueListInput, 'cursor' | 'limit'>) =>
  keyPaged('issues', defined(filter), (i) => adminTrpc.issues.list.query(i));

export const issueQuery = (issueUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'issues', 'get', issueUuid] as const,
    queryFn: () => adminTrpc.issues.get.query({ issueUuid }),
    meta: { silent: true },
  });

export const pricesQuery = (stationUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'stations', 'prices', stationUuid] as const,
    queryFn: () => adminTrpc.stations.prices.query({ stationUuid }),
    meta: { silent: true },
  });

/** compartmentEffectsQuery is what taking a compartment out of service would do to its bookings. */
export const compartmentEffectsQuery = (stationUuid: string, compartmentUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'stations', 'effects', stationUuid, compartmentUuid] as const,
    queryFn: () => adminTrpc.stations.compartmentEffects.query({ stationUuid, compartmentUuid }),
    staleTime: 0,
    meta: { silent: true },
  });

/** hardwareQuery is a station's controller and doors as last reported; it refreshes while shown. */
export const hardwareQuery = (stationUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'stations', 'hardware', stationUuid] as const,
    queryFn: () => adminTrpc.stations.hardware.query({ stationUuid }),
    refetchInterval: 15_000,
    meta: { silent: true },
  });

/** credentialsQuery is a station's credential state (generations, never a key; administrators only). */
export const credentialsQuery = (stationUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'stations', 'credentials', stationUuid] as const,
    queryFn: () => adminTrpc.stations.credentials.query({ stationUuid }),
    meta: { silent: true },
  });

/** useAdminWrite runs one back-office write; its screen shows the failure itself (silent). */
function useAdminWrite<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useGrantRole = () => useAdminWrite((i: AdminRoleInput) => adminTrpc.users.grantRole.mutate(i));
export const useRevokeRole = () => useAdminWrite((i: AdminRoleInput) => adminTrpc.users.revokeRole.mutate(i));
export const useBlockUser = () => useAdminWrite((i: AdminBlockInput) => adminTrpc.users.block.mutate(i));
export const useUnblockUser = () => useAdminWrite((i: AdminBlockInput) => adminTrpc.users.unblock.mutate(i));
export const useDeleteUser = () => useAdminWrite((i: AdminUserDeleteInput) => adminTrpc.users.delete.mutate(i));
export const useRefundOrder = () => useAdminWrite((i: AdminRefundInput) => adminTrpc.orders.refund.mutate(i));
export const useDeleteOrder = () => useAdminWrite((i: AdminNoteInput) => adminTrpc.orders.delete.mutate(i));
export const useExtendOrder = () => useAdminWrite((i: AdminExtendInput) => adminTrpc.orders.extend.mutate(i));
export const useFreeHold = () => useAdminWrite((i: AdminNoteInput) => adminTrpc.reserved.free.mutate(i));
export const useCreateStation = () => useAdminWrite((i: AdminStationSaveInput) => adminTrpc.stations.create.mutate(i));
export const useUpdateStation = () => useAdminWrite((i: AdminStationSaveInput) => adminTrpc.stations.update.mutate(i));
export const useAddCompartment = () => useAdminWrite((i: AdminCompartmentSaveInput) => adminTrpc.stations.addCompartment.mutate(i));
export const useUpdateCompartment = () =>
  useAdminWrite((i: AdminCompartmentSaveInput) => adminTrpc.stations.updateCompartment.mutate(i));
export const useUpdateIssue = () => useAdminWrite((i: AdminIssueUpdateInput) => adminTrpc.issues.update.mutate(i));
export const useChangeCredentials = () =>
  useAdminWrite((i: AdminCredentialsInput) => adminTrpc.stations.changeCredentials.mutate(i));
export const useSetPrices = () => useAdminWrite((i: AdminSetPricesInput) => adminTrpc.stations.setPrices.mutate(i));
/**
 * useOpenDoor opens a compartment by hand. The server obeys stations.openDoor only with
 * a fresh intent (issue 26, DOOR_INTENT_TTL): as a stopgap it is asked for right before
 * the open, on the confirmed dialog's tap; writes are never resumed later (query-client.ts).
 * withdraw, for a dialog cancelled while the open is on its way, revokes that intent on
 * the server (stations.revokeDoorIntent, issue 43): an open arriving after it opens nothing.
 */
export function useOpenDoor() {
  const sent = useRef<{ stationUuid: string; compartmentUuid: string; intent: string } | null>(null);
  const write = useAdminWrite(async (i: Omit<AdminOpenDoorInput, 'intent'>) => {
    const door = { stationUuid: i.stationUuid, compartmentUuid: i.compartmentUuid };
    const { intent } = await adminTrpc.stations.openDoorIntent.mutate(door);
    sent.current = { ...door, intent };
    try {
      return await adminTrpc.stations.openDoor.mutate({ ...i, intent });
    } finally {
      sent.current = null;
    }
  });
  const withdraw = useCallback(() => {
    const s = sent.current;
    if (s) void adminTrpc.stations.revokeDoorIntent.mutate(s).catch(() => undefined);
  }, []);
  return { ...write, withdraw };
}
export const useCreatePack = () => useAdminWrite((i: AdminPackInput) => adminTrpc.coupons.createPack.mutate(i));
export const useGrantPack = () => useAdminWrite((i: AdminGrantInput) => adminTrpc.coupons.grant.mutate(i));

/** statisticsCsvUrl is the CSV export's address for the same filter as the screen's table. */
export function statisticsCsvUrl(input: AdminStatsInput): string {
  const q = new URLSearchParams({ from: input.from, to: input.to, period: input.period ?? 'day' });
  if (input.stationUuid) q.set('stationUuid', input.stationUuid);
  if (input.byStation) q.set('byStation', '1');
  return `/c-core/admin/statistics.csv?${q.toString()}`;
}

/**
 * fetchStatisticsCsv downloads the export with the bearer token (a plain link could
 * not send it) and answers the file as a Blob.
 */
export async function fetchStatisticsCsv(input: AdminStatsInput): Promise<Blob> {
  const res = await fetch(statisticsCsvUrl(input), { headers: authHeaders() });
  if (!res.ok) throw new Error(`statistics.csv: HTTP ${res.status}`);
  return res.blob();
}

/** findUserByEmail answers the user with exactly this e-mail (case-insensitive), or null. */
export async function findUserByEmail(email: string) {
  const wanted = email.trim().toLowerCase();
  if (!wanted) return null;
  const page = await adminTrpc.users.list.query({ query: wanted, limit: 20 });
  return page.items.find((u) => u.email.toLowerCase() === wanted) ?? null;
}

// The help editor: the tree is read through the public help.tree (what readers
// see), a node's Markdown through the admin help.source, and a save refreshes
// both the back office's and the help centre's cached answers.
export const helpSourceQuery = (path: string) =>
  queryOptions({
    queryKey: ['admin', 'help', 'source', path] as const,
    queryFn: () => adminTrpc.help.source.query({ path }),
    meta: { silent: true },
  });

export function useSaveHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HelpSaveInput) => adminTrpc.help.save.mutate(input),
    meta: { silent: true },
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ['admin'] }), client.invalidateQueries({ queryKey: ['help'] })]);
    },
  });
}

// The live network view (network.*): the list refreshes while shown, so an operator
// watching it sees a station drop out within a heartbeat check.
/** How often the network view asks again: the server's alarm check runs every 30 s. */
export const networkRefreshMs = 15_000;

export const networkQuery = () =>
  queryOptions({
    queryKey: ['admin', 'network'] as const,
    queryFn: () => adminTrpc.network.list.query(),
    refetchInterval: networkRefreshMs,
    meta: { silent: true },
  });

export const stationGridQuery = (stationUuid: string) =>
  queryOptions({
    queryKey: ['admin', 'network', 'station', stationUuid] as const,
    queryFn: () => adminTrpc.network.station.query({ stationUuid }),
    refetchInterval: networkRefreshMs,
    meta: { silent: true },
  });

/** useResolveAlarms resolves the chosen alarms with one note; every back-office read refreshes. */
export const useResolveAlarms = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (i: AdminResolveAlarmsInput) => adminTrpc.network.resolveAlarms.mutate(i),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
};

/** The lists the back office exports as CSV (GET /c-core/admin/{kind}.csv). */
export type CsvKind = 'orders' | 'payments' | 'audit';

/**
 * fetchOfficeCsv downloads a list as CSV with the screen's filter (empty values left
 * out), with the bearer token, as a Blob; the server streams every page of it.
 */
export async function fetchOfficeCsv(kind: CsvKind, filter: Record<string, string | undefined>): Promise<Blob> {
  const q = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => !!e[1]));
  const res = await fetch(`/c-core/admin/${kind}.csv?${q.toString()}`, { headers: authHeaders() });
  if (!res.ok) throw new Error(`${kind}.csv: HTTP ${res.status}`);
  return res.blob();
}

/** fetchInvoicePdf downloads an invoice or credit note as the operator (any customer's), in a language. */
export async function fetchInvoicePdf(invoiceUuid: string, lang: 'en' | 'et'): Promise<Blob> {
  const res = await fetch(`/invoices/${invoiceUuid}.pdf?lang=${lang}`, { headers: authHeaders() });
  if (!res.ok) throw new Error(`invoice pdf: HTTP ${res.status}`);
  return res.blob();
}
