import { useQuery } from '@tanstack/react-query';
import { Languages, LogOut, MapPin, Trash2, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { SettingsList, SettingsRow } from '@/components/settings-list';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/account/api';
import { languageNames } from '@/features/account/language-names';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import type { SignedOutState } from '@/features/account/sign-out';
import { useSession } from '@/features/session/session';
import { toLanguage } from '@/i18n';
import { stationsQuery } from '@/queries/stations';

/** /profile: the account settings menu, sign-out and deletion. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const { user } = useSession();
  const stations = useQuery({ ...stationsQuery, enabled: !!user?.defaultStationId });
  const station = stations.data?.find((s) => s.uuid === user?.defaultStationId);

  const logout = useLogout();
  // Whatever the server answered, /login finishes the sign-out locally.
  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        const state: SignedOutState = { signedOut: 'logout' };
        void navigate('/login', { replace: true, state });
      },
    });

  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const initials = ((user.firstName[0] ?? user.email[0] ?? '?') + (user.lastName[0] ?? '')).toUpperCase();

  return (
    <Page page="profile">
      <div className="flex min-w-0 items-center gap-4 rounded-2xl border bg-card p-5 shadow-xs">
        <span className="grid size-14 shrink-0 place-items-center rounded-full bg-primary text-lg font-semibold text-primary-foreground">
          {initials}
        </span>
        <div className="min-w-0">
          {name && <p className="truncate text-lg font-semibold">{name}</p>}
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{t('profile.signedInAs', { email: user.email })}</p>
        </div>
      </div>
      <SettingsList>
        <SettingsRow icon={UserRound} to="/profile/personal" label={t('profile.personal')} value={t('profile.personalHint')} />
        <SettingsRow
          icon={MapPin}
          to="/profile/station"
          label={t('profile.station')}
          value={user.defaultStationId ? (station?.name ?? (stations.isPending && <span aria-hidden="true" className="inline-block h-3 w-28 animate-pulse rounded bg-muted align-middle" />)) : t('profile.noStation')}
        />
        <SettingsRow
          icon={Languages}
          to="/profile/language"
          label={t('profile.language')}
          value={languageNames[toLanguage(i18n.language)]}
        />
      </SettingsList>
      <NotificationSettings />
      <SettingsList>
        <SettingsRow icon={Trash2} to="/profile/delete" label={t('profile.delete')} value={t('profile.deleteHint')} destructive />
      </SettingsList>
      <Button variant="outline" size="lg" className="justify-self-stretch sm:justify-self-start" loading={logout.isPending} onClick={signOut}>
        <LogOut aria-hidden="true" />
        {t('profile.signOut')}
      </Button>
    </Page>
  );
}
