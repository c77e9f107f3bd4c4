import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { BackLink } from '@/components/back-link';
import { Card, Page } from '@/components/page';
import { toast } from '@/components/ui/toast-store';
import { PhoneCodeForm } from '@/features/account/phone-code-form';
import { validatePhone, validatePrefix } from '@/features/account/validators';

/** /profile/personal/phone/verify/{prefix}/{phone}: the texted code confirms the number. */
export default function ProfilePhoneVerifyPage() {
  const { i18n } = useTranslation('account');
  const navigate = useNavigate();
  const { prefix = '', phone = '' } = useParams();
  const location = useLocation();
  const resendAt = (location.state as { resendAt?: string } | null)?.resendAt;
  if (validatePrefix(prefix) || validatePhone(phone)) return <Navigate to="/profile/personal/phone" replace />;
  const fullPrefix = `+${prefix.replace(/^\+/, '').replace(/^00/, '')}`;
  return (
    <>
      <BackLink to="/profile/personal/phone" />
      <Page page="profilePhoneVerify" className="mt-4">
        <Card>
          <PhoneCodeForm
            prefix={fullPrefix}
            phone={phone}
            resendAt={resendAt}
            onVerified={() => {
              toast({ text: () => ({ description: i18n.t('phone.verified', { ns: 'account' }) }) });
              void navigate('/profile/personal', { replace: true });
            }}
          />
        </Card>
      </Page>
    </>
  );
}
