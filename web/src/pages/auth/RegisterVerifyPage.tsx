import { AuthFrame } from '@/features/account/auth-frame';
import { VerifyCodeForm } from '@/features/account/verify-code-form';

/** /register/verify: the 6-digit code from the e-mail. */
export default function RegisterVerifyPage() {
  return (
    <AuthFrame page="registerVerify" step={[2, 6]}>
      <VerifyCodeForm flow="register" next="/register/password" restart="/register" />
    </AuthFrame>
  );
}
