import { ComingSoon } from '@/components/coming-soon';

/** /book/station/:stationUuid/locker/:height/:type/:temperature/timeframe, /book/station/:stationUuid/locker/:height/:type/:temperature/timeframe/:start/:end — the feature arrives in a later version; until then an honest notice. */
export default function BookTimeframePage() {
  return <ComingSoon page="bookTimeframe" />;
}
