import { ComingSoon } from '@/components/coming-soon';

/** /book/station — the feature arrives in a later version; until then an honest notice. */
export default function BookStationsPage() {
  return <ComingSoon page="bookStations" />;
}
