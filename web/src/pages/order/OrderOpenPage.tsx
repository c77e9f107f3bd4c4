import { DoorOpen } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderLockerView, OrderView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { InlineLoading, NotFoundState } from '@/components/page-states';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { OrderGate } from '@/features/booking/components/order-gate';
import { useReplaceLocker } from '@/features/doors/api';
import { useDoorConfirmation } from '@/features/doors/use-door-confirmation';
import { useCountdown } from '@/lib/use-countdown';

/**
 * /order/:orderUuid/:orderLockerUuid/open — "Are you sure?", then the door opens:
 * "Door is open" only once the station's sensor said so, with the minute it stays open.
 * The question carries a fresh single-use intent from the server (issue 26), so only a
 * tap on this screen, sent now, opens the door; leaving the screen abandons it.
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
  const { t: tApp } = useTranslation();
  const ref = { orderUuid: order.uuid, orderLockerUuid: locker.uuid };
  const dialog = useDoorConfirmation(ref);
  const replace = useReplaceLocker(ref);
  const door = replace.data?.label ?? locker.label;
  const closesAt = dialog.opened ? Date.parse(dialog.opened.closesAt) : null;
  const seconds = useCountdown(closesAt);
  const back = (
    <Link to={`/order/${order.uuid}/${locker.uuid}`} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
      {t('door.back')}
    </Link>
  );
  if (dialog.opened) {
    return (
      <Card className="grid gap-4">
        <p className="flex items-center gap-2 text-2xl font-semibold text-emerald-700">
          <DoorOpen className="size-7" aria-hidden="true" />
          {t('door.isOpen')}
        </p>
        <p role="timer" aria-live="off">
          {seconds > 0 ? t('door.isOpenBody', { label: dialog.opened.label, seconds }) : t('door.closed')}
        </p>
        {back}
      </Card>
    );
  }
  // The server would not open this door now: say why instead of asking.
  if (dialog.refused) {
    return (
      <Card className="grid gap-4">
        <Notice tone="error">{refusalText(t, dialog.refused)}</Notice>
        <div className="flex flex-col gap-2 sm:flex-row">
          {dialog.refused === 'GENERAL_ERROR' && (
            <Button size="lg" onClick={dialog.retry}>
              {tApp('common.retry')}
            </Button>
          )}
          {back}
        </div>
      </Card>
    );
  }
  const attempt = dialog.attempt;
  const code = attempt && typeof attempt === 'object' ? attempt.code : null;
  return (
    <Card className="grid gap-4">
      <h2 className="text-xl font-semibold">{t('door.confirmTitle')}</h2>
      <p>{t('door.confirmBody', { label: door, station: order.station.name })}</p>
      {dialog.opening && dialog.stop !== 'stopped' && <InlineLoading label={t('door.opening')} />}
      {dialog.stop === 'stopped' && <Notice tone="success">{t('door.stopped')}</Notice>}
      {dialog.stop === 'tooLate' && dialog.opening && <Notice tone="warning">{t('door.stopTooLate')}</Notice>}
      {attempt === 'offline' && <Notice tone="warning">{dialog.online ? t('door.backOnline') : t('door.offlineNothingOpened')}</Notice>}
      {attempt !== 'offline' && !dialog.online && <Notice tone="warning">{tApp('offline.needsConnection')}</Notice>}
      {attempt === 'tooLate' && <Notice tone="error">{t('door.tooLate')}</Notice>}
      {code && !replace.isSuccess && <Notice tone="error">{refusalText(t, code)}</Notice>}
      {replace.isSuccess && <Notice tone="success">{t('door.moved', { label: door })}</Notice>}
      {replace.isError && <Notice tone="error">{t('door.noneFree')}</Notice>}
      {code === 'CANT_OPEN' && !replace.isSuccess && (
        <Button variant="outline" size="lg" loading={replace.isPending} onClick={() => replace.mutate(undefined, { onSuccess: dialog.clearAttempt })}>
          {t('door.replace')}
        </Button>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" loading={(dialog.opening && dialog.stop !== 'stopped') || dialog.asking} disabled={!dialog.ready || dialog.opening} onClick={dialog.confirm}>
          <DoorOpen aria-hidden="true" />
          {t('door.confirm')}
        </Button>
        {/* While an open is on its way a "No" could not keep its word: "Stop" asks the server instead. */}
        {dialog.opening && dialog.stop === null ? (
          <Button variant="outline" size="lg" onClick={dialog.stopOpening}>
            {t('door.stop')}
          </Button>
        ) : dialog.opening && dialog.stop !== 'stopped' ? null : (
          <Link to={`/order/${order.uuid}/${locker.uuid}`} onClick={dialog.keepClosed} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            {t('door.keepClosed')}
          </Link>
        )}
      </div>
    </Card>
  );
}

type RefusalKey = 'door.notReserved' | 'door.notConfirmed' | 'door.failed' | 'locker.notFound';

function refusalText(t: (key: RefusalKey) => string, code: string): string {
  if (code === 'NOT_RESERVED') return t('door.notReserved');
  if (code === 'ORDER_IS_NOT_CONFIRMED') return t('door.notConfirmed');
  if (code === 'LOCKER_NOT_FOUND') return t('locker.notFound');
  return t('door.failed');
}
