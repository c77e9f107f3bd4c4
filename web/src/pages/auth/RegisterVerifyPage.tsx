import { ComingSoon } from '@/components/coming-soon';

/** /register/verify — the feature arrives in a later version; until then an honest notice. */
export default function RegisterVerifyPage() {
  return <ComingSoon page="registerVerify" />;
}
