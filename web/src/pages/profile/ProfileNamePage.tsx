import { ComingSoon } from '@/components/coming-soon';

/** /profile/personal/name — the feature arrives in a later version; until then an honest notice. */
export default function ProfileNamePage() {
  return <ComingSoon page="profileName" />;
}
