import { ComingSoon } from '@/components/coming-soon';

/** /profile/personal — the feature arrives in a later version; until then an honest notice. */
export default function ProfilePersonalPage() {
  return <ComingSoon page="profilePersonal" />;
}
