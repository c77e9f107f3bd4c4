import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { Button } from '@/components/ui/button';
import { useUpdateAccount } from '@/features/account/api';
import { AuthFrame } from '@/features/account/auth-frame';
import { SignedInOnly } from '@/features/account/signed-in-only';
import { StationPicker } from '@/features/account/station-picker';
import { useSession } from '@/features/session/session';
import { afterRegistration } from '@/features/account/tutorial-state';

/** /register/station: the default station, suggested first when booking. */
export default function RegisterStationPage() {
  return (
    <SignedInOnly page="registerStation">
      <StationStep />
    </SignedInOnly>
  );
}

function StationStep() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { user } = useSession();
  const [station, setStation] = useState<string | null>(user?.defaultStationId ?? null);
  // The tutorial follows registration (issue 28); its last step leads on to /register/done.
  const done = () => void navigate('/tutorial/welcome', { state: afterRegistration });

  const save = useUpdateAccount();

  return (
    <AuthFrame page="registerStation" lead={t('station.registerLead')} step={[5, 6]}>
      <StationPicker value={station} onChange={setStation} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Button variant="outline" size="lg" onClick={done} className="sm:order-1">
          {t('station.skip')}
        </Button>
        <Button
          size="lg"
          disabled={!station}
          loading={save.isPending}
          onClick={() => station && save.mutate({ defaultStationId: station }, { onSuccess: done })}
          className="sm:order-2"
        >
          {t('station.save')}
        </Button>
      </div>
    </AuthFrame>
  );
}
