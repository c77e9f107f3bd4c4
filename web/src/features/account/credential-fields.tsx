import { useTranslation } from '@/i18n';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import type { Invalid } from './validators';

interface EmailFieldProps {
  value: string;
  onChange: (v: string) => void;
  error?: Invalid;
  /** 'username' where an existing account signs in, 'email' where one is created. */
  autoComplete: 'username' | 'email';
}

/** EmailField is the e-mail address of sign-in, registration and reset. */
export function EmailField({ value, onChange, error, autoComplete }: EmailFieldProps) {
  const { t } = useTranslation('account');
  return (
    <Field label={t('fields.email')} error={error && t(`validation.${error}`)}>
      {(p) => (
        <Input
          {...p}
          type="email"
          name="email"
          autoComplete={autoComplete}
          inputMode="email"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

interface PasswordFieldProps {
  label: string;
  hint?: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  maxLength?: number;
  value: string;
  onChange: (v: string) => void;
  error?: Invalid;
}

/** PasswordField is a password with its show/hide toggle and validation message. */
export function PasswordField({ label, hint, name, autoComplete, maxLength, value, onChange, error }: PasswordFieldProps) {
  const { t } = useTranslation('account');
  return (
    <Field label={label} hint={hint} error={error && t(`validation.${error}`)}>
      {(p) => (
        <PasswordInput
          {...p}
          name={name}
          autoComplete={autoComplete}
          maxLength={maxLength}
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
