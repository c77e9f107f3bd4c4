import { useTranslation } from '@/i18n';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label={t('fields.firstName')} error={firstNameError && t(`validation.${firstNameError}`)}>
        {(p) => (
          <Input
            {...p}
            name="given-name"
            autoComplete="given-name"
            maxLength={100}
            value={firstName}
            onChange={(e) => onFirstName(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('fields.lastName')}>
        {(p) => (
          <Input
            {...p}
            name="family-name"
            autoComplete="family-name"
            maxLength={100}
            value={lastName}
            onChange={(e) => onLastName(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
