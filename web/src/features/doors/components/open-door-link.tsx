import { DoorOpen } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { buttonVariants } from '@/components/ui/button';
import type { LockerRef } from '../api';
import { useDoorWindow } from '../door-window';
import { formatStationInstant } from '@/lib/format';

/**
 * OpenDoorLink leads to opening the locker's door from the app: the order page's primary
 * action while its codes work. Before the booked time it says when the door opens
 * instead, since the server would refuse it (issue 26).
 */
export function OpenDoorLink({ lockerRef, order }: { lockerRef: LockerRef; order: OrderView }) {
  const { t, i18n } = useTranslation('booking');
  const when = useDoorWindow(order);
  if (when === 'closed') return null;
  if (when === 'early') {
    const time = formatStationInstant(order.start, order.station.timeZone, i18n.language);
    return (
      <p className="flex flex-1 items-center gap-2 text-sm text-muted-foreground sm:flex-none" data-testid="door-opens-from">
        <DoorOpen className="size-4 shrink-0" aria-hidden="true" />
        {t('door.opensFrom', { time })}
      </p>
    );
  }
  return (
    <Link to={`/order/${lockerRef.orderUuid}/${lockerRef.orderLockerUuid}/open`} className={buttonVariants({ size: 'lg', className: 'flex-1 sm:flex-none' })}>
      <DoorOpen aria-hidden="true" />
      {t('door.open')}
    </Link>
  );
}
