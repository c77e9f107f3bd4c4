import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from '@/i18n';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, FormAlert } from '@/components/ui/field';
import { textLink } from '@/components/ui/text-link';
import { useRegister } from '@/features/account/api';
import { AuthFrame } from '@/features/account/auth-frame';
import { EmailField } from '@/features/account/credential-fields';
import { codeOf } from '@/features/account/errors';
import { readFlow, writeFlow } from '@/features/account/flow-state';
import { serverLanguage } from '@/features/account/language-names';
import { validateEmail, validateTerms, type Invalid } from '@/features/account/validators';
import { toLanguage } from '@/i18n';

/** /register: e-mail and the terms; the server e-mails a 6-digit code (spec §4). */
export default function RegisterPage() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => readFlow('register')?.email ?? '');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<{ email?: Invalid; terms?: Invalid }>({});
  const [exists, setExists] = useState(false);

  const register = useRegister();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { email: validateEmail(email), terms: validateTerms(terms) };
    setErrors(next);
    setExists(false);
    if (next.email || next.terms) return;
    register.mutate(
      { email: email.trim(), acceptTerms: terms, language: serverLanguage(toLanguage(i18n.language)) },
      {
        onSuccess: (res) => {
          writeFlow('register', { email: res.email, resendAt: res.resendAt });
          void navigate('/register/verify');
        },
        onError: (err) => {
          const code = codeOf(err);
          if (code === 'USER_ALREADY_EXISTS') setExists(true);
          else if (code === 'EMAIL_NOT_VALID') setErrors({ email: 'emailInvalid' });
          else if (code === 'MUST_ACCEPT_TERMS') setErrors({ terms: 'termsRequired' });
        },
      },
    );
  };

  return (
    <AuthFrame
      page="register"
      lead={t('register.lead')}
      step={[1, 6]}
      footer={
        <p>
          {t('register.haveAccount')}{' '}
          <Link to="/login" className={textLink}>
            {t('register.signIn')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-5">
        {exists && (
          <FormAlert>
            <p>{t('register.exists')}</p>
            <Link to="/login" className={`${textLink} mt-1 inline-block`}>
              {t('register.existsAction')}
            </Link>
          </FormAlert>
        )}
        <EmailField
          autoComplete="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setErrors((x) => ({ ...x, email: null }));
          }}
          error={errors.email}
        />
        <div className="grid gap-2">
          <Checkbox
            id="register-terms"
            name="terms"
            label={
              // The documents open in a new tab, so the form keeps what was typed.
              <Trans
                t={t}
                i18nKey="register.terms"
                components={{
                  terms: <a href="/terms" target="_blank" rel="noopener" className={textLink} />,
                  privacy: <a href="/privacy" target="_blank" rel="noopener" className={textLink} />,
                }}
              />
            }
            checked={terms}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'register-terms-error' : undefined}
            onChange={(e) => {
              setTerms(e.target.checked);
              setErrors((x) => ({ ...x, terms: null }));
            }}
          />
          {errors.terms && <FieldError id="register-terms-error">{t(`validation.${errors.terms}`)}</FieldError>}
        </div>
        <Button type="submit" size="lg" loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
}
