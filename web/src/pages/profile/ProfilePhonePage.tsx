import { ComingSoon } from '@/components/coming-soon';

/** /profile/personal/phone — the feature arrives in a later version; until then an honest notice. */
export default function ProfilePhonePage() {
  return <ComingSoon page="profilePhone" />;
}
