import { ComingSoon } from '@/components/coming-soon';

/** /book/station/:stationUuid — the feature arrives in a later version; until then an honest notice. */
export default function BookStationPage() {
  return <ComingSoon page="bookStation" />;
}
