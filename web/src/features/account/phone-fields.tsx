import { useTranslation } from '@/i18n';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { Invalid } from './validators';
import { phonePrefixes } from './phone-prefixes';

interface PhoneFieldsProps {
  prefix: string;
  phone: string;
  onPrefix: (v: string) => void;
  onPhone: (v: string) => void;
  errors: { prefix?: Invalid; phone?: Invalid };
  /** A server answer about the number (PHONE_EXISTIS, ...), already translated. */
  phoneProblem?: string | null;
}

/** PhoneFields is the country code and national number pair (spec §3: phone with a prefix). */
export function PhoneFields({ prefix, phone, onPrefix, onPhone, errors, phoneProblem }: PhoneFieldsProps) {
  const { t } = useTranslation('account');
  const phoneError = (errors.phone && t(`validation.${errors.phone}`)) || phoneProblem || undefined;
  return (
    <div className="grid grid-cols-[9rem_1fr] items-start gap-3">
      <Field label={t('fields.prefix')} error={errors.prefix && t(`validation.${errors.prefix}`)}>
        {(p) => (
          <Select {...p} name="prefix" autoComplete="tel-country-code" value={prefix} onChange={(e) => onPrefix(e.target.value)}>
            {phonePrefixes.map(({ prefix: value, country }) => (
              <option key={`${country}${value}`} value={value}>
                {`${value} (${country})`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('fields.phone')} error={phoneError}>
        {(p) => (
          <Input
            {...p}
            type="tel"
            name="phone"
            autoComplete="tel-national"
            inputMode="tel"
            value={phone}
            onChange={(e) => onPhone(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
