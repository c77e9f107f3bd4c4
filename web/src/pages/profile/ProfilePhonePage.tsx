import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { BackLink } from '@/components/back-link';
import { Card, Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { useRequestPhoneCode } from '@/features/account/api';
import { codeOf } from '@/features/account/errors';
import { PhoneFields } from '@/features/account/phone-fields';
import { defaultPrefix } from '@/features/account/phone-prefixes';
import { normalizePrefix, phoneDigits, validatePhone, validatePrefix, type Invalid } from '@/features/account/validators';
import { useSession } from '@/features/session/session';

type Problem = 'exists' | 'cantSend' | 'alreadyVerified' | null;

/** /profile/personal/phone: a new number; a code is texted to it before it counts. */
export default function ProfilePhonePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { user } = useSession();
  const [prefix, setPrefix] = useState(user?.phonePrefix || defaultPrefix);
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [errors, setErrors] = useState<{ prefix?: Invalid; phone?: Invalid }>({});
  const [problem, setProblem] = useState<Problem>(null);

  const request = useRequestPhoneCode();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { prefix: validatePrefix(prefix), phone: validatePhone(phone) };
    setErrors(found);
    setProblem(null);
    if (found.prefix || found.phone) return;
    request.mutate(
      { prefix: normalizePrefix(prefix), phone: phoneDigits(phone) },
      {
        onSuccess: (res) =>
          void navigate(`/profile/personal/phone/verify/${res.prefix.replace(/^\+/, '')}/${res.phone}`, {
            state: { resendAt: res.resendAt },
          }),
        onError: (err) => {
          const code = codeOf(err);
          if (code === 'PHONE_EXISTIS') setProblem('exists');
          else if (code === 'CANT_SEND_SMS') setProblem('cantSend');
          else if (code === 'PHONE_VERIFIED') setProblem('alreadyVerified');
          else if (code === 'PHONE_NOT_VALID') setErrors({ phone: 'phoneInvalid' });
          else if (code === 'PREFIX_NOT_VALID') setErrors({ prefix: 'prefixInvalid' });
        },
      },
    );
  };

  return (
    <>
      <BackLink to="/profile/personal" />
      <Page page="profilePhone" className="mt-4">
        <Card>
          <form noValidate onSubmit={submit} className="grid gap-5">
            <p className="text-muted-foreground">{t('phone.lead')}</p>
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
                setProblem(null);
              }}
              errors={errors}
              phoneProblem={problem === 'exists' ? t('phone.exists') : null}
            />
            {(problem === 'cantSend' || problem === 'alreadyVerified') && (
              <FormAlert>
                {t(`phone.${problem}`)}
              </FormAlert>
            )}
            <Button type="submit" size="lg" className="sm:justify-self-start" loading={request.isPending}>
              {t('phone.submit')}
            </Button>
          </form>
        </Card>
      </Page>
    </>
  );
}
