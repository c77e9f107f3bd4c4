import { CheckCircle2, Hourglass } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { CodeCard } from '@/features/booking/components/code-card';
import { OrderGate } from '@/features/booking/components/order-gate';
import { OrderSummary } from '@/features/booking/components/order-summary';
import { formatDateTime } from '@/features/booking/format';
import { lockerPath } from '@/features/booking/labels';

/** /book/:orderUuid/done — the end of flow 2: booked with its codes, or waiting for payment. */
export default function BookDonePage() {
  const { orderUuid = '' } = useParams();
  return (
    <Page page="bookDone">
      {/* Processing updates by itself (spec §4): poll while the provider answers. */}
      <OrderGate orderUuid={orderUuid} pollWhilePending>
        {(order) => <Done order={order} />}
      </OrderGate>
    </Page>
  );
}

function Done({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('booking');
  const booked = !['reserved', 'unpaid', 'processing', 'unfinished', 'failed', 'cancelled', 'refunded', 'deleted'].includes(order.status);
  const first = order.lockers[0];
  const tz = order.station.timeZone;
  return (
    <>
      <Card className={booked ? 'grid gap-2 border-emerald-200 bg-emerald-50' : 'grid gap-2 border-amber-200 bg-amber-50'}>
        <div className="flex items-center gap-3" role="status">
          {booked ? (
            <CheckCircle2 className="size-7 shrink-0 text-emerald-700" aria-hidden="true" />
          ) : (
            <Hourglass className="size-7 shrink-0 text-amber-700" aria-hidden="true" />
          )}
          <p className="text-lg font-semibold" data-testid="done-title">
            {booked ? t('done.booked') : t('done.unpaid')}
          </p>
        </div>
        <p className="text-sm">
          {booked
            ? t('done.bookedBody')
            : t('done.unpaidBody', { time: order.reservedUntil ? formatDateTime(order.reservedUntil, tz, i18n.language) : '—' })}
        </p>
      </Card>
      {booked && first && (
        <div className="grid gap-3 sm:grid-cols-2">
          <CodeCard kind="delivery" code={first.deliveryCode} timeZone={tz} />
          <CodeCard kind="picking" code={first.pickingCode} timeZone={tz} />
        </div>
      )}
      <OrderSummary order={order} />
      <div className="flex flex-col gap-2 sm:flex-row">
        {first && (
          <Link to={lockerPath(order, first.uuid)} className={buttonVariants({ size: 'lg' })}>
            {t('order.viewOrder')}
          </Link>
        )}
        <Link to="/" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          {t('done.toHome')}
        </Link>
      </div>
    </>
  );
}
