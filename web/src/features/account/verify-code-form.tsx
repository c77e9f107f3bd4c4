import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from '@/i18n';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { FieldError } from '@/components/ui/field';
import { textLink } from '@/components/ui/text-link';
import { toast } from '@/components/ui/toast-store';
import { useCountdown } from '@/lib/use-countdown';
import { useResendEmailCode, useVerifyEmail } from './api';
import { codeOf } from './errors';
import { EmailField } from './credential-fields';
import { readFlow, updateFlow, writeFlow, type Flow } from './flow-state';
import { validateCode, validateEmail, type Invalid } from './validators';

type Problem = 'wrongCode' | 'codeIncomplete' | 'tooSoon' | null;

/**
 * VerifyCodeForm is the e-mailed code step of registration and reset: six cells that
 * submit themselves when full, and a resend button that counts down to resendAt.
 */
export function VerifyCodeForm({ flow, next, restart }: { flow: Flow; next: string; restart: string }) {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const [state, setState] = useState(() => readFlow(flow));
  const [resendAt, setResendAt] = useState(state?.resendAt);
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<Problem>(null);
  const wait = useCountdown(resendAt);

  const verify = useVerifyEmail();
  const recall = useResendEmailCode();

  // A new tab has none of this tab's flow state (it lives in sessionStorage): the code
  // from the e-mail is still good, so ask which address it went to instead of
  // calling the step expired (issue 14).
  if (!state) {
    return (
      <AskEmail
        onEmail={(email) => {
          const fresh = { email };
          writeFlow(flow, fresh);
          setState(fresh);
        }}
      />
    );
  }

  const submit = (value: string) => {
    const invalid = validateCode(value);
    if (invalid) {
      setProblem('codeIncomplete');
      return;
    }
    setProblem(null);
    verify.mutate(
      { email: state.email, code: value },
      {
        onSuccess: (res) => {
          updateFlow(flow, { verificationToken: res.verificationToken });
          void navigate(next);
        },
        onError: (err) => {
          const c = codeOf(err);
          if (c === 'VERIFICATION_NOT_FOUND' || c === 'MISSING_VERIFICATION_CODE' || c === 'BAD_INPUT') {
            setProblem('wrongCode');
            setCode('');
            setAttempt((a) => a + 1); // a fresh, empty set of cells
          }
        },
      },
    );
  };

  const resend = () =>
    recall.mutate(
      { email: state.email },
      {
        onSuccess: (res) => {
          updateFlow(flow, { resendAt: res.resendAt });
          setResendAt(res.resendAt);
          setProblem(null);
          toast({ text: () => ({ description: i18n.t('verify.resent', { ns: 'account' }) }) });
        },
        onError: (err) => {
          if (codeOf(err) === 'VERIFICATION_TOO_SOON') setProblem('tooSoon');
        },
      },
    );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };

  const message = problem === 'codeIncomplete' ? t('validation.codeIncomplete') : problem ? t(`verify.${problem}`) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p className="[overflow-wrap:anywhere]">
        <Trans t={t} i18nKey="verify.lead" values={{ email: state.email }} components={{ strong: <strong /> }} />
      </p>
      <CodeInput
        key={attempt}
        label={t('fields.code')}
        cellLabel={(index, count) => t('fields.codeDigit', { index, count })}
        onChange={setCode}
        onComplete={submit}
        disabled={verify.isPending}
        invalid={problem === 'wrongCode' || problem === 'codeIncomplete'}
        describedBy={message ? 'verify-problem' : 'verify-hint'}
        autoFocus
      />
      {message && (
        <FieldError id="verify-problem" className="-mt-2">
          {message}
        </FieldError>
      )}
      <p id="verify-hint" className="-mt-2 text-sm text-muted-foreground">
        {t('verify.hint')}
      </p>
      <Button type="submit" size="lg" loading={verify.isPending}>
        {t('verify.submit')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4 text-sm">
        {wait > 0 ? (
          <p className="text-muted-foreground">
            {t('verify.resendIn', { seconds: wait })}
          </p>
        ) : (
          <Button variant="outline" size="sm" loading={recall.isPending} onClick={resend}>
            {t('verify.resend')}
          </Button>
        )}
        <Link to={restart} className={textLink}>
          {t('verify.changeEmail')}
        </Link>
      </div>
    </form>
  );
}

/** AskEmail starts the code step in a tab that did not send the code. */
function AskEmail({ onEmail }: { onEmail: (email: string) => void }) {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<Invalid>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid);
    if (!invalid) onEmail(email.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" data-testid="verify-ask-email">
      <p>{t('verify.askEmail')}</p>
      <EmailField
        value={email}
        autoComplete="email"
        error={error}
        onChange={(v) => {
          setEmail(v);
          setError(null);
        }}
      />
      <Button type="submit" size="lg">
        {t('verify.askEmailSubmit')}
      </Button>
    </form>
  );
}
