import { ComingSoon } from '@/components/coming-soon';

/** /admin/stations — the feature arrives in a later version; until then an honest notice. */
export default function AdminStationsPage() {
  return <ComingSoon page="adminStations" />;
}
