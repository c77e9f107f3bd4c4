import { ComingSoon } from '@/components/coming-soon';

/** /register/password — the feature arrives in a later version; until then an honest notice. */
export default function RegisterPasswordPage() {
  return <ComingSoon page="registerPassword" />;
}
