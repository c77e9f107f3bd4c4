import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { BackLink } from '@/components/back-link';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useUpdateAccount } from '@/features/account/api';
import { StationPicker } from '@/features/account/station-picker';
import { useSession } from '@/features/session/session';

/** /profile/station: the station suggested first when booking. */
export default function ProfileStationPage() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const { user } = useSession();
  const [station, setStation] = useState<string | null>(user?.defaultStationId ?? null);

  const save = useUpdateAccount();
  const saved = () => {
    toast({ text: () => ({ description: i18n.t('station.saved', { ns: 'account' }) }) });
    void navigate('/profile');
  };

  return (
    <>
      <BackLink to="/profile" />
      <Page page="profileStation" className="mt-4">
        <p className="-mt-3 text-muted-foreground">{t('station.lead')}</p>
        <StationPicker value={station} onChange={setStation} />
        <Button
          size="lg"
          className="sm:justify-self-start"
          disabled={!station || station === user?.defaultStationId}
          loading={save.isPending}
          onClick={() => station && save.mutate({ defaultStationId: station }, { onSuccess: saved })}
        >
          {t('station.save')}
        </Button>
      </Page>
    </>
  );
}
