import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { BackLink } from '@/components/back-link';
import { Card, Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useUpdateAccount } from '@/features/account/api';
import { NameFields } from '@/features/account/name-fields';
import { validateFirstName, type Invalid } from '@/features/account/validators';
import { useSession } from '@/features/session/session';
import { deviceInfo } from '@/lib/device';

/** /profile/personal/name: first name (required) and last name. */
export default function ProfileNamePage() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const { user } = useSession();
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [error, setError] = useState<Invalid>(null);

  const save = useUpdateAccount();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateFirstName(firstName);
    setError(invalid);
    if (invalid) return;
    save.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), device: deviceInfo() },
      {
        onSuccess: () => {
          toast({ text: () => ({ description: i18n.t('profile.saved', { ns: 'account' }) }) });
          void navigate('/profile/personal');
        },
      },
    );
  };

  return (
    <>
      <BackLink to="/profile/personal" />
      <Page page="profileName" className="mt-4">
        <Card>
          <form noValidate onSubmit={submit} className="grid gap-5">
            <NameFields
              firstName={firstName}
              lastName={lastName}
              onFirstName={(v) => {
                setFirstName(v);
                setError(null);
              }}
              onLastName={setLastName}
              firstNameError={error}
            />
            <Button type="submit" size="lg" className="sm:justify-self-start" loading={save.isPending}>
              {t('profile.save')}
            </Button>
          </form>
        </Card>
      </Page>
    </>
  );
}
