import { CheckCircle2, CreditCard, XCircle } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView, PaymentMethodView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { InlineLoading } from '@/components/page-states';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { OrderGate } from '@/features/booking/components/order-gate';
import { usePayOrder } from '@/features/payment/api';
import { CardSummary } from '@/features/payment/components/card-summary';
import { DueSummary } from '@/features/payment/components/due-summary';
import { MethodGate } from '@/features/payment/components/method-gate';
import { NothingToPay } from '@/features/payment/components/nothing-to-pay';
import { payError } from '@/features/payment/labels';
import { methodSettled, usable } from '@/features/payment/states';
import { usePatience } from '@/features/payment/use-patience';
import { formatMoney } from '@/lib/money';

/**
 * /book/:orderUuid/payments/:paymentMethodUuid/done — back from the provider's
 * page: waits for the card's state to settle, then pays the order with it in one
 * tap, or says the card could not be saved and offers to try again.
 */
export default function BookPaymentDonePage() {
  const { t } = useTranslation('payment');
  const { orderUuid = '', paymentMethodUuid = '' } = useParams();
  const patience = usePatience();
  return (
    <Page page="bookPaymentDone">
      <MethodGate
        paymentMethodUuid={paymentMethodUuid}
        back={{ to: `/book/${orderUuid}/payments`, label: t('methods.back') }}
        refetchInterval={(m) => (methodSettled(m) ? false : patience.delay())}
      >
        {(method) => (
          <OrderGate orderUuid={orderUuid}>{(order) => <CardDone order={order} method={method} gaveUp={patience.exhausted} />}</OrderGate>
        )}
      </MethodGate>
    </Page>
  );
}

function CardDone({ order, method, gaveUp }: { order: OrderView; method: PaymentMethodView; gaveUp: boolean }) {
  const { t, i18n } = useTranslation('payment');
  const navigate = useNavigate();
  const pay = usePayOrder();
  const base = `/book/${order.uuid}`;
  const saved = usable(method);
  const failed = method.state === 'failed';
  return (
    <>
      <Card className="grid gap-4">
        {saved && (
          <p className="flex items-center gap-2 text-lg font-semibold" role="status" data-testid="card-done">
            <CheckCircle2 className="size-6 text-emerald-700" aria-hidden="true" />
            {t('cardDone.saved')}
          </p>
        )}
        {failed && (
          <p className="flex items-center gap-2 text-lg font-semibold" role="alert" data-testid="card-done">
            <XCircle className="size-6 text-destructive" aria-hidden="true" />
            {t('cardDone.failed')}
          </p>
        )}
        {!saved && !failed && (gaveUp ? <p className="text-sm">{t('cardDone.slow')}</p> : <InlineLoading label={t('cardDone.waiting')} />)}
        <CardSummary method={method} />
      </Card>
      {saved &&
        (order.canPay ? (
          <Card className="grid gap-5">
            <DueSummary order={order} />
            {pay.isError && <Notice tone="error">{payError(t, pay.error)}</Notice>}
            <Button
              size="lg"
              className="w-full sm:w-fit"
              loading={pay.isPending}
              onClick={() => pay.mutate({ orderUuid: order.uuid, paymentMethodUuid: method.uuid }, { onSuccess: () => navigate(`${base}/done`) })}
              data-testid="pay-card"
            >
              <CreditCard aria-hidden="true" />
              {t('book.payWithThis', { amount: formatMoney(order.payment.dueCents, i18n.language) })}
            </Button>
          </Card>
        ) : (
          <NothingToPay order={order} next={{ to: `${base}/done`, label: t('book.toOrder') }} />
        ))}
      {(failed || method.canFinish) && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {method.canFinish && (
            <Link to={`${base}/payments/${method.uuid}/prepare`} className={buttonVariants({ size: 'lg' })}>
              {t('cardDone.retry')}
            </Link>
          )}
          <Link to={`${base}/method`} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            {t('book.otherWays')}
          </Link>
        </div>
      )}
    </>
  );
}
