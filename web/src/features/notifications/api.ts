// Server state of notifications: the list (paged, newest first), the unread
// count of the menu's badge and the delivery channels. Every change refreshes
// all three, since they all read the same rows.
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsView } from '@/api/generated/app-router';
import { trpc } from '@/api/trpc';

/** New notifications arrive without a push in the browser: the app asks again now and then. */
const pollEvery = 30_000;
const pageSize = 20;

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: ['notification', 'list'] as const,
    queryFn: ({ pageParam }) => trpc.notification.list.query(pageParam ? { cursor: pageParam, limit: pageSize } : { limit: pageSize }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: pollEvery,
  });
}

/** unreadQuery is the badge's count: one item's page, whose answer carries the count of the whole list. */
export const unreadQuery = queryOptions({
  queryKey: ['notification', 'unread'] as const,
  queryFn: async () => (await trpc.notification.list.query({ limit: 1 })).unread,
  refetchInterval: pollEvery,
});

export function useUnread(enabled: boolean) {
  return useQuery({ ...unreadQuery, enabled });
}

/** orderChangesQuery is what was changed for the customer on one order (issue 42): its page's history. */
export const orderChangesQuery = (orderUuid: string) =>
  queryOptions({
    queryKey: ['notification', 'ofOrder', orderUuid] as const,
    queryFn: () => trpc.notification.ofOrder.query({ orderUuid }),
    refetchInterval: pollEvery,
  });

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['notification'] });
}

export function useMarkRead() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => trpc.notification.read.mutate({ id }), onSettled: refresh });
}

export function useMarkAllRead() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => trpc.notification.readAll.mutate(), onSettled: refresh });
}

export const settingsQuery = queryOptions({
  queryKey: ['notification', 'settings'] as const,
  queryFn: () => trpc.notification.settings.query(),
});

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: NotificationSettingsView) => trpc.notification.updateSettings.mutate(s),
    onSuccess: (s) => client.setQueryData(settingsQuery.queryKey, s),
  });
}
