import { ComingSoon } from '@/components/coming-soon';

/** /reset/password — the feature arrives in a later version; until then an honest notice. */
export default function ResetPasswordPage() {
  return <ComingSoon page="resetPassword" />;
}
