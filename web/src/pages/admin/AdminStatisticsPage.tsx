import { ComingSoon } from '@/components/coming-soon';

/** /admin/statistics — the feature arrives in a later version; until then an honest notice. */
export default function AdminStatisticsPage() {
  return <ComingSoon page="adminStatistics" />;
}
