import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import type { PhoneCodeSent } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { textLink } from '@/components/ui/text-link';
import { useRequestPhoneCode, useUpdateAccount } from '@/features/account/api';
import { AuthFrame } from '@/features/account/auth-frame';
import { codeOf } from '@/features/account/errors';
import { NameFields } from '@/features/account/name-fields';
import { PhoneCodeForm } from '@/features/account/phone-code-form';
import { PhoneFields } from '@/features/account/phone-fields';
import { defaultPrefix } from '@/features/account/phone-prefixes';
import { SignedInOnly } from '@/features/account/signed-in-only';
import {
  normalizePrefix,
  phoneDigits,
  validateFirstName,
  validatePhone,
  validatePrefix,
  type Invalid,
} from '@/features/account/validators';
import { useSession } from '@/features/session/session';
import { deviceInfo } from '@/lib/device';

/** /register/profile: name (first name required) and an optional phone confirmed by SMS. */
export default function RegisterProfilePage() {
  return (
    <SignedInOnly page="registerProfile">
      <ProfileStep />
    </SignedInOnly>
  );
}

type PhoneProblem = 'exists' | 'cantSend' | null;

function ProfileStep() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { user } = useSession();
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [prefix, setPrefix] = useState(user?.phonePrefix || defaultPrefix);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ firstName?: Invalid; prefix?: Invalid; phone?: Invalid }>({});
  const [phoneProblem, setPhoneProblem] = useState<PhoneProblem>(null);
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  const next = () => void navigate('/register/station');

  const update = useUpdateAccount();
  const requestPhone = useRequestPhoneCode();

  const failed = (err: unknown) => {
    const code = codeOf(err);
    if (code === 'PHONE_EXISTIS') setPhoneProblem('exists');
    else if (code === 'CANT_SEND_SMS') setPhoneProblem('cantSend');
    else if (code === 'PHONE_NOT_VALID') setErrors({ phone: 'phoneInvalid' });
    else if (code === 'PREFIX_NOT_VALID') setErrors({ prefix: 'prefixInvalid' });
    else if (code === 'PHONE_VERIFIED') next(); // already this user's confirmed number
  };

  // The name is saved first; a code is texted only when a number was given.
  const save = () =>
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), device: deviceInfo() },
      {
        onSuccess: () => {
          if (!phone.trim()) return next();
          requestPhone.mutate({ prefix: normalizePrefix(prefix), phone: phoneDigits(phone) }, { onSuccess: setSent, onError: failed });
        },
        onError: failed,
      },
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const withPhone = phone.trim() !== '';
    const found = {
      firstName: validateFirstName(firstName),
      prefix: withPhone ? validatePrefix(prefix) : null,
      phone: withPhone ? validatePhone(phone) : null,
    };
    setErrors(found);
    setPhoneProblem(null);
    if (found.firstName || found.prefix || found.phone) return;
    save();
  };

  if (sent) {
    return (
      <AuthFrame page="registerProfile" lead={t('profileStep.phoneTitle')} step={[4, 6]}>
        <PhoneCodeForm
          prefix={sent.prefix}
          phone={sent.phone}
          resendAt={sent.resendAt}
          onVerified={next}
          aside={
            <span className="flex flex-wrap gap-4">
              <button type="button" className={textLink} onClick={() => setSent(null)}>
                {t('profileStep.changePhone')}
              </button>
              <button type="button" className={textLink} onClick={next}>
                {t('profileStep.skipPhone')}
              </button>
            </span>
          }
        />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame page="registerProfile" lead={t('profileStep.lead')} step={[4, 6]}>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <NameFields
          firstName={firstName}
          lastName={lastName}
          onFirstName={(v) => {
            setFirstName(v);
            setErrors((x) => ({ ...x, firstName: null }));
          }}
          onLastName={setLastName}
          firstNameError={errors.firstName}
        />
        <fieldset className="grid gap-3 rounded-xl bg-muted/60 p-4">
          <legend className="float-left mb-1 font-medium">
            {t('profileStep.phoneTitle')}{' '}
            <span className="font-normal text-muted-foreground">({t('fields.optional')})</span>
          </legend>
          <p className="clear-left text-sm text-muted-foreground">{t('profileStep.phoneLead')}</p>
          <PhoneFields
            prefix={prefix}
            phone={phone}
            onPrefix={(v) => {
              setPrefix(v);
              setErrors((x) => ({ ...x, prefix: null }));
            }}
            onPhone={(v) => {
              setPhone(v);
              setErrors((x) => ({ ...x, phone: null }));
              setPhoneProblem(null);
            }}
            errors={errors}
            phoneProblem={phoneProblem === 'exists' ? t('phone.exists') : null}
          />
        </fieldset>
        {phoneProblem === 'cantSend' && (
          <FormAlert>
            {t('phone.cantSend')}
          </FormAlert>
        )}
        <Button type="submit" size="lg" loading={update.isPending || requestPhone.isPending}>
          {phone.trim() ? t('profileStep.sendCode') : t('profileStep.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
}
