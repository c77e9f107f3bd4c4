import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderLockerView, OrderView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { NotFoundState } from '@/components/page-states';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { stationQuery, useExtendOrder } from '@/features/booking/api';
import { OrderGate } from '@/features/booking/components/order-gate';
import { DateTimeFields } from '@/features/booking/components/timeframe-fields';
import { formatDateTime, formatMoney } from '@/lib/format';
import { productTitle, sameProduct } from '@/features/booking/labels';
import { extensionPrice } from '@/features/booking/price';
import { addDays, defaultEndClock, fromLocal, joinLocal, localDate, toLocal } from '@/features/booking/time';
import { AppError } from '@/lib/errors';
import { useFieldMessage } from '@/lib/field-message';
import { ExtendElsewhere } from '@/features/doors/components/extend-elsewhere';

/** /order/:orderUuid/:orderLockerUuid/extend — a later end for the same locker. */
export default function OrderExtendPage() {
  const { t } = useTranslation('booking');
  const { orderUuid = '', orderLockerUuid = '' } = useParams();
  return (
    <Page page="orderExtend">
      <OrderGate orderUuid={orderUuid}>
        {(order) => {
          const locker = order.lockers.find((l) => l.uuid === orderLockerUuid);
          return locker ? <ExtendForm order={order} locker={locker} /> : <NotFoundState message={t('locker.notFound')} back={{ to: '/orders/active', label: t('orders.active') }} />;
        }}
      </OrderGate>
    </Page>
  );
}

function ExtendForm({ order, locker }: { order: OrderView; locker: OrderLockerView }) {
  const { t, i18n } = useTranslation('booking');
  const navigate = useNavigate();
  const tz = order.station.timeZone;
  const currentEnd = new Date(locker.end);
  // The latest end the server accepts (the 31-day rule, the booking horizon): nothing
  // later is listed, priced or sent (issue 46).
  const until = new Date(locker.extendUntil);
  const untilLocal = toLocal(until, tz);
  // Default: one more day, ending at 23:59 local (spec §3), or the latest end when that comes sooner.
  const [end, setEnd] = useState(() => {
    const nextDay = joinLocal(addDays(localDate(toLocal(currentEnd, tz)), 1), defaultEndClock);
    const at = fromLocal(nextDay, tz);
    return at && at.getTime() > until.getTime() ? untilLocal : nextDay;
  });
  const [error, setError] = useState<string | null>(null);
  // What the server said about the new end, shown at the field (issue 26).
  const [endError, setEndError] = useState<string | null>(null);
  const fieldMessage = useFieldMessage();
  // The compartment is booked after the rental: offer a free one (issue 13).
  const [taken, setTaken] = useState(false);
  const extend = useExtendOrder();
  const station = useQuery(stationQuery(order.station.uuid));
  const back = `/order/${order.uuid}/${locker.uuid}`;

  const newEnd = fromLocal(end, tz);
  const later = !!newEnd && newEnd.getTime() > currentEnd.getTime();
  const tooLate = !!newEnd && newEnd.getTime() > until.getTime();
  const latestText = t('extend.latest', { time: formatDateTime(until, tz, i18n.language) });
  const rate = station.data?.products.find((p) => sameProduct(p, order));
  const couponPays = !!order.coupon?.used;
  const estimate = rate && newEnd && later && !tooLate ? extensionPrice(rate, new Date(locker.start), currentEnd, newEnd) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!later) {
      setEndError(t('extend.mustBeLater')); // checked before asking the server
      return;
    }
    if (tooLate) {
      setEndError(latestText); // the server's own limit, said before asking it
      return;
    }
    setEndError(null);
    extend.mutate(
      { orderUuid: order.uuid, orderLockerUuid: locker.uuid, end },
      {
        // A paid order's later end waits for its price difference: pay it next.
        onSuccess: (o) => navigate(o.pendingExtension && o.canPay ? `/order/${o.uuid}/payment` : back),
        onError: (err) => {
          const code = AppError.from(err).appCode;
          setTaken(code === 'ORDER_CANT_BE_EXTENDED');
          // A refused end is the server's to explain (the 31-day rule, the booking horizon, ...).
          const said = fieldMessage(err);
          if (said?.field === 'end') {
            setEndError(said.text);
            return;
          }
          const messages: Partial<Record<string, string>> = {
            ORDER_CANT_BE_EXTENDED: t('extend.cantExtend'),
            ORDER_IS_NOT_CONFIRMED: t('extend.notConfirmed'),
            ORDER_EXPIRED: t('extend.expired'),
          };
          setError(messages[code] ?? said?.text ?? null);
        },
      },
    );
  };

  if (!order.canExtend || until.getTime() <= currentEnd.getTime()) {
    return (
      <Card className="grid justify-items-start gap-3">
        <p className="font-medium">
          {order.canExtend ? t('extend.atLongest') : order.status === 'reserved' || order.status === 'unpaid' ? t('extend.notConfirmed') : t('extend.expired')}
        </p>
        <Link to={back} className={buttonVariants({ variant: 'outline' })}>
          {t('common.back')}
        </Link>
      </Card>
    );
  }

  return (
    <Card>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <div>
          <p className="text-sm text-muted-foreground">
            {order.station.name} · {t('orders.lockerLabel', { label: locker.label })} · {productTitle(t, order)}
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{t('extend.current')}</p>
          <p className="text-lg font-semibold" data-testid="current-end">
            {formatDateTime(currentEnd, tz, i18n.language)}
          </p>
        </div>
        <DateTimeFields
          which="end"
          name="new-end"
          legend={t('extend.newEnd')}
          value={end}
          min={localDate(toLocal(currentEnd, tz))}
          max={localDate(untilLocal)}
          invalid={!!error}
          error={endError}
          onChange={(v) => {
            setEnd(v);
            setError(null);
            setEndError(null);
            setTaken(false);
          }}
        />
        <p className="text-xs text-muted-foreground">
          {t('common.stationTime', { zone: tz })} <span data-testid="extend-latest">{latestText}</span>
        </p>
        {error && !taken && <Notice tone="error">{error}</Notice>}
        {taken && (
          <ExtendElsewhere
            lockerRef={{ orderUuid: order.uuid, orderLockerUuid: locker.uuid }}
            end={end}
            product={productTitle(t, order)}
            onExtended={(o) => navigate(o.pendingExtension && o.canPay ? `/order/${o.uuid}/payment` : back)}
          />
        )}
        {!error && !endError && later && (couponPays ? (
          <Notice tone="success">{t('extend.freeByCoupon')}</Notice>
        ) : (
          estimate !== null && <Notice tone="info">{t('extend.estimate', { amount: formatMoney(estimate, i18n.language) })}</Notice>
        ))}
        {!couponPays && rate && (
          <div className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="billing-rule">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <p>
              {t('billing.rule', { hourly: formatMoney(rate.hourlyCents, i18n.language), daily: formatMoney(rate.dailyCents, i18n.language) })}{' '}
              {t('extend.billingDifference')}
            </p>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Link to={back} className={buttonVariants({ variant: 'ghost', size: 'lg' })}>
            {t('common.back')}
          </Link>
          <Button type="submit" size="lg" loading={extend.isPending}>
            {t('extend.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
