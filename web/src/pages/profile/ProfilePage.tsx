import { ComingSoon } from '@/components/coming-soon';

/** /profile — the feature arrives in a later version; until then an honest notice. */
export default function ProfilePage() {
  return <ComingSoon page="profile" />;
}
