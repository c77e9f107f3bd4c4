import { DoorOpen } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderLockerView, OrderView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { InlineLoading, NotFoundState } from '@/components/page-states';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { OrderGate } from '@/features/booking/components/order-gate';
import { useOpenLocker, useReplaceLocker } from '@/features/doors/api';
import { useCountdown } from '@/features/doors/use-countdown';
import { AppError } from '@/lib/errors';

/**
 * /order/:orderUuid/:orderLockerUuid/open — "Are you sure?", then the door opens:
 * "Door is open" only once the station's sensor said so, with the minute it stays open.
 */
export default function OrderOpenPage() {
  const { t } = useTranslation('booking');
  const { orderUuid = '', orderLockerUuid = '' } = useParams();
  return (
    <Page page="orderOpen">
      <OrderGate orderUuid={orderUuid}>
        {(order) => {
          const locker = order.lockers.find((l) => l.uuid === orderLockerUuid);
          return locker ? <OpenDoor order={order} locker={locker} /> : <NotFoundState message={t('locker.notFound')} back={{ to: '/orders', label: t('order.toOrders') }} />;
        }}
      </OrderGate>
    </Page>
  );
}

function OpenDoor({ order, locker }: { order: OrderView; locker: OrderLockerView }) {
  const { t } = useTranslation('booking');
  const ref = { orderUuid: order.uuid, orderLockerUuid: locker.uuid };
  const open = useOpenLocker(ref);
  const replace = useReplaceLocker(ref);
  const door = replace.data?.label ?? locker.label;
  const closesAt = open.data ? Date.parse(open.data.closesAt) : null;
  const seconds = useCountdown(closesAt);
  const back = (
    <Link to={`/order/${order.uuid}/${locker.uuid}`} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
      {t('door.back')}
    </Link>
  );
  if (open.isSuccess) {
    return (
      <Card className="grid gap-4">
        <p className="flex items-center gap-2 text-2xl font-semibold text-emerald-700">
          <DoorOpen className="size-7" aria-hidden="true" />
          {t('door.isOpen')}
        </p>
        <p role="timer" aria-live="off">
          {seconds > 0 ? t('door.isOpenBody', { label: open.data.label, seconds }) : t('door.closed')}
        </p>
        {back}
      </Card>
    );
  }
  const code = open.isError ? AppError.from(open.error).appCode : null;
  const failure = code && !replace.isSuccess ? failureText(t, code) : null;
  return (
    <Card className="grid gap-4">
      <h2 className="text-xl font-semibold">{t('door.confirmTitle')}</h2>
      <p>{t('door.confirmBody', { label: door, station: order.station.name })}</p>
      {open.isPending && <InlineLoading label={t('door.opening')} />}
      {failure && <Notice tone="error">{failure}</Notice>}
      {replace.isSuccess && <Notice tone="success">{t('door.moved', { label: door })}</Notice>}
      {replace.isError && <Notice tone="error">{t('door.noneFree')}</Notice>}
      {code === 'CANT_OPEN' && !replace.isSuccess && (
        <Button variant="outline" size="lg" loading={replace.isPending} onClick={() => replace.mutate(undefined, { onSuccess: () => open.reset() })}>
          {t('door.replace')}
        </Button>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" loading={open.isPending} onClick={() => open.mutate()}>
          <DoorOpen aria-hidden="true" />
          {t('door.confirm')}
        </Button>
        <Link to={`/order/${order.uuid}/${locker.uuid}`} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {t('door.keepClosed')}
        </Link>
      </div>
    </Card>
  );
}

function failureText(t: (key: 'door.notReserved' | 'door.notConfirmed' | 'door.failed') => string, code: string): string {
  if (code === 'NOT_RESERVED') return t('door.notReserved');
  if (code === 'ORDER_IS_NOT_CONFIRMED') return t('door.notConfirmed');
  return t('door.failed');
}
