import { ComingSoon } from '@/components/coming-soon';

/** /register/profile — the feature arrives in a later version; until then an honest notice. */
export default function RegisterProfilePage() {
  return <ComingSoon page="registerProfile" />;
}
