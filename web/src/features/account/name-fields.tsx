import { useTranslation } from '@/i18n';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useLimitHint } from '@/components/ui/limit-hint';
import { fieldLimits } from '@/lib/field-limits';
import type { Invalid } from './validators';

interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onFirstName: (v: string) => void;
  onLastName: (v: string) => void;
  /** Only the first name is required (spec §3); the last name is never invalid. */
  firstNameError?: Invalid;
}

/** NameFields is the first and last name pair of registration and the profile. */
export function NameFields({ firstName, lastName, onFirstName, onLastName, firstNameError }: NameFieldsProps) {
  const { t } = useTranslation('account');
  const limitHint = useLimitHint();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field
        label={t('fields.firstName')}
        error={firstNameError && t(`validation.${firstNameError}`)}
        hint={limitHint(firstName, fieldLimits.firstName)}
      >
        {(p) => (
          <Input
            {...p}
            name="given-name"
            autoComplete="given-name"
            maxLength={fieldLimits.firstName}
            value={firstName}
            onChange={(e) => onFirstName(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('fields.lastName')} hint={limitHint(lastName, fieldLimits.lastName)}>
        {(p) => (
          <Input
            {...p}
            name="family-name"
            autoComplete="family-name"
            maxLength={fieldLimits.lastName}
            value={lastName}
            onChange={(e) => onLastName(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
