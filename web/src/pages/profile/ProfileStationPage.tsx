import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/api/trpc';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { BackLink } from '@/features/account/back-link';
import { StationPicker } from '@/features/account/station-picker';
import { track } from '@/features/account/track';
import { signIn, useSession } from '@/features/session/session';

/** /profile/station: the station suggested first when booking. */
export default function ProfileStationPage() {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [station, setStation] = useState<string | null>(user?.defaultStationId ?? null);

  const save = useMutation({
    mutationFn: (id: string) => trpc.auth.update.mutate({ defaultStationId: id }),
    onSuccess: (res) => {
      signIn(client, res);
      void track('update');
      toast({ description: t('station.saved') });
      void navigate('/profile');
    },
  });

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
          onClick={() => station && save.mutate(station)}
        >
          {t('station.save')}
        </Button>
      </Page>
    </>
  );
}
