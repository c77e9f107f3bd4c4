import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { Button } from '@/components/ui/button';
import { textLink } from '@/components/ui/text-link';
import { useRequestReset } from '@/features/account/api';
import { AuthFrame } from '@/features/account/auth-frame';
import { EmailField } from '@/features/account/credential-fields';
import { codeOf } from '@/features/account/errors';
import { writeFlow } from '@/features/account/flow-state';
import { validateEmail, type Invalid } from '@/features/account/validators';

/** /reset: the e-mail of the account; a code follows by e-mail (same answer for unknown addresses). */
export default function ResetPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<Invalid>(null);

  const reset = useRequestReset();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid);
    if (invalid) return;
    reset.mutate(
      { email: email.trim() },
      {
        onSuccess: (res) => {
          writeFlow('reset', { email: res.email, resendAt: res.resendAt });
          void navigate('/reset/verify');
        },
        onError: (err) => {
          if (codeOf(err) === 'EMAIL_NOT_VALID') setError('emailInvalid');
        },
      },
    );
  };

  return (
    <AuthFrame
      page="reset"
      lead={t('reset.lead')}
      footer={
        <p>
          <Link to="/login" className={textLink}>
            {t('reset.backToLogin')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-5">
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" size="lg" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
}
