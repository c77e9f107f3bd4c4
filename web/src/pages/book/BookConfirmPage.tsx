import { Link, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { ConfirmForm } from '@/features/booking/components/confirm-form';
import { OrderGate } from '@/features/booking/components/order-gate';
import { OrderSummary } from '@/features/booking/components/order-summary';
import { BookingSteps } from '@/features/booking/components/steps';

/**
 * /book/:orderUuid/confirm — the spec's confirm route, for a link that names it: the same
 * confirm step the order's own screen (/book/:orderUuid) carries, which the flow uses.
 */
export default function BookConfirmPage() {
  const { orderUuid = '' } = useParams();
  return (
    <Page page="bookConfirm">
      <BookingSteps current="confirm" />
      <OrderGate orderUuid={orderUuid}>{(order) => <ConfirmStep order={order} />}</OrderGate>
    </Page>
  );
}

function ConfirmStep({ order }: { order: OrderView }) {
  const { t } = useTranslation('booking');
  if (!order.canConfirm) {
    return (
      <Card className="grid justify-items-start gap-3">
        <p className="font-medium">{order.status === 'reserved' ? t('order.holdExpired') : t('confirm.notConfirmable')}</p>
        <Link to={`/book/${order.uuid}`} className={buttonVariants({ variant: 'outline' })}>
          {t('order.viewOrder')}
        </Link>
      </Card>
    );
  }
  return (
    <>
      <OrderSummary order={order} />
      <ConfirmForm order={order} />
    </>
  );
}
