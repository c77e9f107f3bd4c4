import { ComingSoon } from '@/components/coming-soon';

/** /reset/verify — the feature arrives in a later version; until then an honest notice. */
export default function ResetVerifyPage() {
  return <ComingSoon page="resetVerify" />;
}
