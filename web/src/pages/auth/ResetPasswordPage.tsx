import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { toast } from '@/components/ui/toast-store';
import { AuthFrame } from '@/features/account/auth-frame';
import { NewPasswordForm } from '@/features/account/new-password-form';
import { takePreLoginUrl } from '@/features/session/pre-login';

/** /reset/password: the new password twice; other sessions end, this one signs in. */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  return (
    <AuthFrame page="resetPassword" lead={t('password.lead')}>
      <NewPasswordForm
        flow="reset"
        restart="/reset"
        submitLabel={t('password.submit')}
        onDone={() => {
          // The sign-in switches to the account's language: the toast follows it.
          toast({ text: () => ({ description: i18n.t('reset.changed', { ns: 'account' }) }) });
          void navigate(takePreLoginUrl(), { replace: true });
        }}
      />
    </AuthFrame>
  );
}
