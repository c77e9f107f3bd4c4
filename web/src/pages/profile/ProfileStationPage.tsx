import { ComingSoon } from '@/components/coming-soon';

/** /profile/station — the feature arrives in a later version; until then an honest notice. */
export default function ProfileStationPage() {
  return <ComingSoon page="profileStation" />;
}
