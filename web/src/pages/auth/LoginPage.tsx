import { ComingSoon } from '@/components/coming-soon';

/** /login — the feature arrives in a later version; until then an honest notice. */
export default function LoginPage() {
  return <ComingSoon page="login" />;
}
