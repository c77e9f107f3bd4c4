import { ComingSoon } from '@/components/coming-soon';

/** /register/station — the feature arrives in a later version; until then an honest notice. */
export default function RegisterStationPage() {
  return <ComingSoon page="registerStation" />;
}
