import { queryOptions } from '@tanstack/react-query';
import { trpc } from '@/api/trpc';

/** stationListQuery lists the stations for choosing a default one (station.list is public). */
export const stationListQuery = queryOptions({
  queryKey: ['station', 'list'] as const,
  queryFn: () => trpc.station.list.query(),
  staleTime: 5 * 60_000,
});
