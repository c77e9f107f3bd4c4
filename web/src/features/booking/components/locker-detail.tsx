import { CalendarClock, KeyRound, MapPin, Ticket, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderLockerView, OrderView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { textLink } from '@/components/ui/text-link';
import { orderStatus, useStatusWords } from '@/lib/status-words';
import { noteText } from '../cancel-notes';
import { formatDateTime, formatMoney, formatRange, zoneName } from '@/lib/format';
import { isHistory, productTitle } from '../labels';
import { CancelForm } from './cancel-form';
import { CodeCard } from './code-card';
import { couponName } from '../coupons';
import { PriceSummary } from './price-summary';
import { ProductIcon } from './product-icon';
import { StatusExplained } from './status-badge';

/**
 * LockerDetail is an order locker: its status with the meaning of spec §4, the
 * delivery and picking codes (or the codes panel a page passes in), and the extend and cancel actions the order allows.
 * One page, each fact once (issue 14): codes first, then one status, when and where
 * (with directions), the price, and the actions in a bar that stays at the bottom.
 */
export function LockerDetail({
  order,
  locker,
  codes,
  doorAction,
  payAction,
}: {
  order: OrderView;
  locker: OrderLockerView;
  codes?: ReactNode;
  /** The way to open the door, the bar's primary action while the codes work. */
  doorAction?: ReactNode;
  /** "Pay", the bar's primary action while the order owes money. */
  payAction?: ReactNode;
}) {
  const { t, i18n } = useTranslation('booking');
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const location = useLocation();
  // Set by the cancel form when it moves here from the active locker's screen.
  const cancelState = location.state as { cancelled?: boolean; refundedCents?: number } | null;
  const cancelledNow = cancelState?.cancelled === true;
  const refundedNow = cancelState?.refundedCents ?? 0;
  const tz = order.station.timeZone;
  const past = isHistory(order);
  // No codes before the order is paid: they would open nothing yet.
  const waitsForPayment = order.status === 'reserved' || order.status === 'unpaid' || order.status === 'processing';
  // One status, in the spec's words, the same on every screen (lib/status-words.ts).
  const status = orderStatus(order, locker);
  const words = useStatusWords();
  const address = `${order.station.address}, ${order.station.city}`;
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${order.station.name}, ${address}`)}`;
  const coupon = order.coupon && (order.coupon.used || order.status === 'reserved') ? order.coupon : null;
  // One primary action: pay while money is owed, else open the door while the codes work.
  const primary = order.canPay ? payAction : !past && !waitsForPayment ? doorAction : null;
  return (
    <div className="grid gap-5">
      {cancelledNow && refundedNow > 0 && <Notice tone="success">{t('cancel.doneRefunded', { amount: formatMoney(refundedNow, i18n.language) })}</Notice>}
      {cancelledNow && refundedNow === 0 && order.coupon && !order.coupon.used && <Notice tone="success">{t('cancel.couponBack')}</Notice>}

      {/* The codes are what the user came for: big and first. */}
      {!past && !waitsForPayment && codes}
      {!past && !waitsForPayment && !codes && (
        <section className="grid gap-3" aria-labelledby="locker-codes">
          <h2 id="locker-codes" className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound className="size-5 text-primary" aria-hidden="true" />
            {t('locker.codes')}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <CodeCard kind="delivery" code={locker.deliveryCode} timeZone={tz} />
            <CodeCard kind="picking" code={locker.pickingCode} timeZone={tz} />
          </div>
          <p className="text-sm text-muted-foreground">{t('locker.openHint')}</p>
        </section>
      )}

      <Card className="grid gap-4">
        <div className="flex items-start gap-4">
          <ProductIcon temperature={order.temperature} height={order.height} />
          <div className="grid min-w-0 gap-1">
            <h2 className="text-xl font-semibold">{t('orders.lockerLabel', { label: locker.label })}</h2>
            <p className="text-sm text-muted-foreground">
              {productTitle(t, order)} · {t(`product.temperature.${order.temperature}`)}
            </p>
          </div>
        </div>
        <div className="grid gap-2" data-testid="order-status">
          <h3 className="sr-only">{t('locker.status')}</h3>
          <StatusExplained label={status} />
          {locker.opened && <p className="text-sm text-muted-foreground">{words.orderMeaning('opened')}</p>}
        </div>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="grid gap-0.5">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <CalendarClock className="size-4" aria-hidden="true" />
              {t('locker.when')}
            </dt>
            <dd className="font-medium" data-testid="locker-time">
              {formatRange(locker.start, locker.end, tz, i18n.language)}
            </dd>
            <dd className="text-muted-foreground">{zoneName(locker.end, tz, i18n.language)}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <MapPin className="size-4" aria-hidden="true" />
              {t('locker.where')}
            </dt>
            <dd className="font-medium">{order.station.name}</dd>
            <dd className="text-muted-foreground">{address}</dd>
            <dd>
              <a href={directions} target="_blank" rel="noreferrer" className={textLink}>
                {t('locker.directions')}
              </a>
            </dd>
          </div>
        </dl>
        {order.cancelNote && <p className="text-sm text-muted-foreground">{t('locker.cancelNote', { note: noteText(t, order.cancelNote) })}</p>}
      </Card>

      {/* The primary action (pay, or open the door) and Extend follow the status they act on.
          On a phone they stay in reach at the bottom of the screen, above the tab bar, until
          scrolled past; a desktop screen shows them in place, where a sticky bar covered the
          status row (issue 28). On the narrowest phones (320 px) the two wrap onto two rows
          rather than widen the page. */}
      {!cancelling && (primary || order.canExtend) && (
        <div
          role="group"
          aria-label={t('locker.actions')}
          data-testid="order-actions"
          className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-20 flex flex-wrap gap-2 rounded-2xl border bg-card/95 p-3 shadow-lg backdrop-blur md:static md:shadow-xs"
        >
          {primary}
          {order.canExtend && (
            <Link
              to={`/order/${order.uuid}/${locker.uuid}/extend`}
              className={buttonVariants({ size: 'lg', variant: primary ? 'outline' : 'default', className: 'flex-1 sm:flex-none' })}
            >
              <CalendarClock aria-hidden="true" />
              {t('locker.extend')}
            </Link>
          )}
        </div>
      )}

      {cancelling && (
        <Card>
          <CancelForm
            order={order}
            onKeep={() => setCancelling(false)}
            onCancelled={(o) => {
              setCancelling(false);
              navigate(`/order/history/${o.uuid}/${locker.uuid}`, {
                replace: true,
                state: { cancelled: true, refundedCents: o.status === 'refunded' ? o.payment.refundedCents : 0 },
              });
            }}
          />
        </Card>
      )}

      {/* The price, once. */}
      <Card className="grid gap-3">
        <h2 className="text-sm font-semibold">{t('order.price')}</h2>
        {coupon && (
          <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="order-coupon">
            <Ticket className="size-4 shrink-0" aria-hidden="true" />
            {coupon.used ? t('order.couponUsed', { name: couponName(coupon, i18n.language) }) : t('order.couponApplied', { name: couponName(coupon, i18n.language) })}
          </p>
        )}
        <PriceSummary order={order} />
        <p className="text-xs text-muted-foreground">{t('locker.created', { time: formatDateTime(order.createdAt, tz, i18n.language) })}</p>
      </Card>

      {!cancelling && order.canCancel && (
        <Button variant="outline" className="justify-self-start" onClick={() => setCancelling(true)}>
          <XCircle aria-hidden="true" />
          {t('locker.cancel')}
        </Button>
      )}

    </div>
  );
}
