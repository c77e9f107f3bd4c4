import { ComingSoon } from '@/components/coming-soon';

/** /profile/delete — the feature arrives in a later version; until then an honest notice. */
export default function ProfileDeletePage() {
  return <ComingSoon page="profileDelete" />;
}
