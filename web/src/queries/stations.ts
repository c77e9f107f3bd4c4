// Server reads that more than one feature needs live here, one layer below the
// features, instead of a copy in each feature's api.ts (web/eslint.config.js,
// the 'queries' layer). Writes stay in the feature that owns them.
import { queryOptions } from '@tanstack/react-query';
import { trpc } from '@/api/trpc';

/**
 * stationsQuery lists the stations (station.list is public): booking's station list
 * and map, the default-station picker, the home, products and coupons screens.
 */
export const stationsQuery = queryOptions({
  // Keys start with the procedure's path, so every reader shares one cache entry.
  queryKey: ['station', 'list'] as const,
  queryFn: () => trpc.station.list.query(),
  staleTime: 5 * 60_000,
});
