import { BadgeCheck, Mail, Phone, UserRound } from 'lucide-react';
import { useTranslation } from '@/i18n';
import { BackLink } from '@/components/back-link';
import { Page } from '@/components/page';
import { SettingsList, SettingsRow } from '@/components/settings-list';
import { useSession } from '@/features/session/session';

/** /profile/personal: name, phone and e-mail at a glance. */
export default function ProfilePersonalPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const phone = user.phone ? (
    <span className="inline-flex items-center gap-1.5">
      {`${user.phonePrefix} ${user.phone}`}
      {user.phoneVerified && (
        <span className="inline-flex items-center gap-1 text-primary">
          <BadgeCheck className="size-4" aria-hidden="true" />
          {t('profile.verified')}
        </span>
      )}
    </span>
  ) : (
    t('profile.notSet')
  );
  return (
    <>
      <BackLink to="/profile" />
      <Page page="profilePersonal" className="mt-4">
        <SettingsList>
          <SettingsRow icon={UserRound} to="/profile/personal/name" label={t('profile.name')} value={name || t('profile.notSet')} />
          <SettingsRow icon={Phone} to="/profile/personal/phone" label={t('profile.phone')} value={phone} />
          <SettingsRow icon={Mail} label={t('profile.email')} value={user.email} />
        </SettingsList>
      </Page>
    </>
  );
}
