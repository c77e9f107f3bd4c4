import { ComingSoon } from '@/components/coming-soon';

/** /register/done — the feature arrives in a later version; until then an honest notice. */
export default function RegisterDonePage() {
  return <ComingSoon page="registerDone" />;
}
