import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@/components/link';
import { useLocation, useNavigate } from '@/components/nav';
import { useTranslation } from '@/i18n';
import { typedBeforeStart } from '@/boot/prerender-handoff';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { textLink } from '@/components/ui/text-link';
import { useLogin } from '@/features/account/api';
import { AuthFrame } from '@/features/account/auth-frame';
import { EmailField, PasswordField } from '@/features/account/credential-fields';
import { codeOf } from '@/features/account/errors';
import { writeFlow } from '@/features/account/flow-state';
import { finishSignOut, signedOutReason } from '@/features/account/sign-out';
import { validateEmail, validatePassword, type Invalid } from '@/features/account/validators';
import { acknowledgeSessionEnded, sessionEndedPending } from '@/features/session/ended';
import { takePreLoginUrl } from '@/features/session/pre-login';
import { deviceInfo } from '@/lib/device';

type FormProblem = 'wrongCredentials' | 'notVerified' | 'tooMany' | 'blocked' | null;

/** /login: e-mail and password; on success back to where the user was heading (spec §2). */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => typedBeforeStart('email'));
  const [password, setPassword] = useState(() => typedBeforeStart('password'));
  const [errors, setErrors] = useState<{ email?: Invalid; password?: Invalid }>({});
  const [problem, setProblem] = useState<FormProblem>(null);
  const location = useLocation();
  // The server ended the session (issue 26): say so until the next sign-in.
  const [sessionEnded] = useState(sessionEndedPending);
  useEffect(() => {
    if (sessionEnded) acknowledgeSessionEnded();
  }, [sessionEnded]);

  // Arriving from a sign-out or a deletion: the session ends now that /login is shown.
  const signedOut = signedOutReason(location.state);
  useEffect(() => {
    if (!signedOut) return;
    finishSignOut(client, signedOut);
    void navigate('/login', { replace: true, state: null }); // a reload must not repeat it
  }, [signedOut, client, navigate]);

  const login = useLogin();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Only emptiness and shape: the length rule is for new passwords, an old one may predate it.
    const next = { email: validateEmail(email), password: password ? null : validatePassword(password) };
    setErrors(next);
    setProblem(null);
    if (next.email || next.password) return;
    login.mutate(
      { email: email.trim(), password, device: deviceInfo() },
      {
        onSuccess: () => void navigate(takePreLoginUrl(), { replace: true }),
        onError: (err) => {
          const code = codeOf(err);
          if (code === 'MISSING_OR_INVALID_PASSWORD' || code === 'USER_NOT_FOUND') setProblem('wrongCredentials');
          else if (code === 'NOT_VERIFIED') setProblem('notVerified');
          else if (code === 'TOO_MANY_REQUESTS') setProblem('tooMany');
          // A blocked account: the server's UNAUTHORIZED (sent as FORBIDDEN) to a sign-in.
          else if (code === 'UNAUTHORIZED') setProblem('blocked');
          else if (code === 'EMAIL_NOT_VALID') setErrors({ email: 'emailInvalid' });
          else if (code === 'PASSWORD_TOO_SHORT') setErrors({ password: 'passwordLength' });
        },
      },
    );
  };

  const toRegister = () => writeFlow('register', { email: email.trim() });

  return (
    <AuthFrame
      page="login"
      lead={t('login.lead')}
      footer={
        <>
          <p>
            {t('login.noAccount')}{' '}
            <Link to="/register" className={textLink}>
              {t('login.register')}
            </Link>
          </p>
          <p>
            <Link to="/tutorial" className={textLink}>
              {t('login.tutorial')}
            </Link>
          </p>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-5" aria-label={t('login.submit')}>
        {sessionEnded && !problem && (
          <Notice tone="warning">
            {t('login.sessionEnded')}
          </Notice>
        )}
        {problem && (
          <FormAlert>
            <p>{t(`login.${problem}`)}</p>
            {problem === 'notVerified' && (
              <Link to="/register" onClick={toRegister} className={`${textLink} mt-1 inline-block`}>
                {t('login.notVerifiedAction')}
              </Link>
            )}
          </FormAlert>
        )}
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setErrors((x) => ({ ...x, email: null }));
          }}
          error={errors.email}
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            setErrors((x) => ({ ...x, password: null }));
          }}
          error={errors.password}
        />
        <div className="-mt-2 text-right text-sm">
          <Link to="/reset" className={textLink}>
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
}
