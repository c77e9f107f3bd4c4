import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from '@/i18n';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { FieldError } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useCountdown } from '@/lib/use-countdown';
import { useResendPhoneCode, useVerifyPhone } from './api';
import { codeOf } from './errors';
import { validateCode } from './validators';

interface PhoneCodeFormProps {
  prefix: string;
  phone: string;
  resendAt?: string;
  onVerified: () => void;
  /** Extra actions next to the resend button (e.g. "change the number"). */
  aside?: ReactNode;
}

type Problem = 'wrongCode' | 'codeIncomplete' | 'tooSoon' | 'cantSend' | null;

/**
 * PhoneCodeForm confirms a phone number with the texted code; a new code can be asked
 * for. onVerified runs once the session holds the updated user.
 */
export function PhoneCodeForm({ prefix, phone, resendAt: initialResendAt, onVerified, aside }: PhoneCodeFormProps) {
  const { t, i18n } = useTranslation('account');
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<Problem>(null);
  const [resendAt, setResendAt] = useState(initialResendAt);
  const wait = useCountdown(resendAt);

  const verify = useVerifyPhone();
  const resend = useResendPhoneCode();

  const submit = (value: string) => {
    if (validateCode(value)) {
      setProblem('codeIncomplete');
      return;
    }
    setProblem(null);
    verify.mutate(
      { prefix, phone, code: value },
      {
        onSuccess: () => onVerified(),
        onError: (err) => {
          const c = codeOf(err);
          if (c === 'VERIFICATION_NOT_FOUND' || c === 'MISSING_VERIFICATION_CODE' || c === 'BAD_INPUT') {
            setProblem('wrongCode');
            setCode('');
            setAttempt((a) => a + 1);
          }
        },
      },
    );
  };

  const sendAgain = () =>
    resend.mutate(
      { prefix, phone },
      {
        onSuccess: (res) => {
          setResendAt(res.resendAt);
          setProblem(null);
          toast({ text: () => ({ description: i18n.t('verify.resent', { ns: 'account' }) }) });
        },
        onError: (err) => {
          const c = codeOf(err);
          if (c === 'VERIFICATION_TOO_SOON') setProblem('tooSoon');
          else if (c === 'CANT_SEND_SMS') setProblem('cantSend');
        },
      },
    );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };

  const message =
    problem === 'codeIncomplete'
      ? t('validation.codeIncomplete')
      : problem === 'cantSend'
        ? t('phone.cantSend')
        : problem
          ? t(`verify.${problem}`)
          : null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p>
        <Trans t={t} i18nKey="phone.verifyLead" values={{ phone: `${prefix}\u00a0${phone}` }} components={{ strong: <strong /> }} />
      </p>
      <CodeInput
        key={attempt}
        label={t('fields.code')}
        cellLabel={(index, count) => t('fields.codeDigit', { index, count })}
        onChange={setCode}
        onComplete={submit}
        disabled={verify.isPending}
        invalid={problem === 'wrongCode' || problem === 'codeIncomplete'}
        describedBy={message ? 'phone-code-problem' : undefined}
        autoFocus
      />
      {message && (
        <FieldError id="phone-code-problem" className="-mt-2">
          {message}
        </FieldError>
      )}
      <Button type="submit" size="lg" loading={verify.isPending}>
        {t('verify.submit')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4 text-sm">
        {wait > 0 ? (
          <p className="text-muted-foreground">{t('verify.resendIn', { seconds: wait })}</p>
        ) : (
          <Button variant="outline" size="sm" loading={resend.isPending} onClick={sendAgain}>
            {t('verify.resend')}
          </Button>
        )}
        {aside}
      </div>
    </form>
  );
}
