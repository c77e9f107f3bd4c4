import { MapPin } from 'lucide-react';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { useQuery } from '@tanstack/react-query';
import { Card, Page } from '@/components/page';
import { LoadingState, NotFoundState } from '@/components/page-states';
import { guestQuery } from '@/features/doors/api';
import { formatStationInstant } from '@/lib/format';

/**
 * /guest/:token — the picking side of an order locker for someone without an
 * account: the station, its address and map, the door and the picking code, until
 * the order ends. A revoked or unknown link says it no longer works.
 */
export default function GuestPage() {
  const { t, i18n } = useTranslation('booking');
  const { token = '' } = useParams();
  const guest = useQuery(guestQuery(token));
  return (
    <Page page="guest">
      {guest.isPending && <LoadingState rows={1} />}
      {guest.isError && <NotFoundState message={t('guest.gone')} back={{ to: '/', label: t('guest.home') }} />}
      {guest.data && (
        <Card className="grid gap-3">
          <p className="text-xl font-semibold">{guest.data.station.name}</p>
          <p className="text-sm">
            {guest.data.station.address}, {guest.data.station.city}
          </p>
          <a href={guest.data.mapUrl} target="_blank" rel="noreferrer" className="flex items-center gap-1 text-sm text-primary underline">
            <MapPin className="size-4" aria-hidden="true" />
            {t('guest.map')}
          </a>
          <p className="text-lg font-semibold">{t('orders.lockerLabel', { label: guest.data.label })}</p>
          <p className="text-sm font-semibold">{t('locker.picking')}</p>
          {guest.data.pickingCodes.map((c) => (
            <p key={c} className="font-mono text-3xl font-semibold tracking-[0.3em] tabular-nums" data-testid="guest-picking-code">
              {c}
            </p>
          ))}
          <p className="text-sm text-muted-foreground">
            {t('guest.until', {
              time: formatStationInstant(guest.data.validUntil, guest.data.station.timeZone, i18n.language),
            })}
          </p>
        </Card>
      )}
    </Page>
  );
}
