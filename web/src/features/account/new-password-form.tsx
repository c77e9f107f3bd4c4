import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n';
import type { AuthResponse } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { deviceInfo } from '@/lib/device';
import { useSetPassword } from './api';
import { PasswordField } from './credential-fields';
import { codeOf } from './errors';
import { ExpiredNotice } from './expired-notice';
import { clearFlow, readFlow, type Flow } from './flow-state';
import { validatePassword, validatePasswordRepeat, type Invalid } from './validators';

interface NewPasswordFormProps {
  flow: Flow;
  restart: string;
  submitLabel: string;
  /** Runs after the session is stored. */
  onDone: (res: AuthResponse) => void;
}

/**
 * NewPasswordForm is the last step of both registration and reset: the password
 * twice, spending the verification token; the answer signs the user in.
 */
export function NewPasswordForm({ flow, restart, submitLabel, onDone }: NewPasswordFormProps) {
  const { t } = useTranslation('account');
  const [state] = useState(() => readFlow(flow));
  const token = state?.verificationToken;
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: Invalid; repeat?: Invalid }>({});
  const [expired, setExpired] = useState(false);

  const save = useSetPassword();

  if (!token || expired) return <ExpiredNotice restart={restart} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { password: validatePassword(password), repeat: validatePasswordRepeat(password, repeat) };
    if (next.password) next.repeat = null;
    setErrors(next);
    if (next.password || next.repeat) return;
    save.mutate(
      { verificationToken: token, password, passwordRepeat: repeat, device: deviceInfo() },
      {
        onSuccess: (res) => {
          clearFlow(flow);
          onDone(res);
        },
        onError: (err) => {
          const code = codeOf(err);
          if (code === 'PASSWORD_TOO_SHORT') setErrors({ password: 'passwordLength' });
          else if (code === 'PASSWORD_MISMATCH') setErrors({ repeat: 'passwordsMatch' });
          else if (code === 'VERIFICATION_NOT_FOUND' || code === 'MISSING_VERIFICATION_TOKEN') setExpired(true);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="email" autoComplete="username" value={state?.email ?? ''} readOnly hidden />
      <PasswordField
        label={t('fields.newPassword')}
        hint={t('fields.passwordHint')}
        name="new-password"
        autoComplete="new-password"
        maxLength={64}
        value={password}
        onChange={(v) => {
          setPassword(v);
          setErrors((x) => ({ ...x, password: null }));
        }}
        error={errors.password}
      />
      <PasswordField
        label={t('fields.passwordRepeat')}
        name="password-repeat"
        autoComplete="new-password"
        maxLength={64}
        value={repeat}
        onChange={(v) => {
          setRepeat(v);
          setErrors((x) => ({ ...x, repeat: null }));
        }}
        error={errors.repeat}
      />
      <Button type="submit" size="lg" loading={save.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
