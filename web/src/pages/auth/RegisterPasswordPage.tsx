import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { AuthFrame } from '@/features/account/auth-frame';
import { NewPasswordForm } from '@/features/account/new-password-form';

/** /register/password: the password twice; the answer signs the new user in. */
export default function RegisterPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  return (
    <AuthFrame page="registerPassword" lead={t('password.lead')} step={[3, 6]}>
      <NewPasswordForm
        flow="register"
        restart="/register"
        submitLabel={t('password.submit')}
        onDone={() => void navigate('/register/profile', { replace: true })}
      />
    </AuthFrame>
  );
}
