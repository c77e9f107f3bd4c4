import { AuthFrame } from '@/features/account/auth-frame';
import { VerifyCodeForm } from '@/features/account/verify-code-form';

/** /reset/verify: the code from the reset e-mail. */
export default function ResetVerifyPage() {
  return (
    <AuthFrame page="resetVerify">
      <VerifyCodeForm flow="reset" next="/reset/password" restart="/reset" />
    </AuthFrame>
  );
}
