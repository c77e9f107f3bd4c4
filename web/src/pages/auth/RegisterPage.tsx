import { ComingSoon } from '@/components/coming-soon';

/** /register — the feature arrives in a later version; until then an honest notice. */
export default function RegisterPage() {
  return <ComingSoon page="register" />;
}
