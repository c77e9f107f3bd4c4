import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { toast } from '@/components/ui/toast-store';
import { AuthFrame } from '@/features/account/auth-frame';
import { NewPasswordForm } from '@/features/account/new-password-form';
import { takePreLoginUrl } from '@/features/session/pre-login';

/** /reset/password: the new password twice; other sessions end, this one signs in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  return (
    <AuthFrame page="resetPassword" lead={t('password.lead')}>
      <NewPasswordForm
        flow="reset"
        restart="/reset"
        submitLabel={t('password.submit')}
        onDone={() => {
          toast({ description: t('reset.changed') });
          void navigate(takePreLoginUrl(), { replace: true });
        }}
      />
    </AuthFrame>
  );
}
