import { ComingSoon } from '@/components/coming-soon';

/** /profile/personal/phone/verify/:prefix/:phone — the feature arrives in a later version; until then an honest notice. */
export default function ProfilePhoneVerifyPage() {
  return <ComingSoon page="profilePhoneVerify" />;
}
