import { CreditCard, Wrench } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView, PaymentMethodView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { OrderGate } from '@/features/booking/components/order-gate';
import { usePayOrder } from '@/features/payment/api';
import { CardSummary } from '@/features/payment/components/card-summary';
import { DueSummary } from '@/features/payment/components/due-summary';
import { MethodGate } from '@/features/payment/components/method-gate';
import { NothingToPay } from '@/features/payment/components/nothing-to-pay';
import { payError } from '@/features/payment/labels';
import { usable } from '@/features/payment/states';
import { formatMoney } from '@/lib/money';

/** /book/:orderUuid/payments/:paymentMethodUuid — pay the order with this card, or finish adding it. */
export default function BookPaymentPage() {
  const { t } = useTranslation('payment');
  const { orderUuid = '', paymentMethodUuid = '' } = useParams();
  return (
    <Page page="bookPayment">
      <OrderGate orderUuid={orderUuid}>
        {(order) => (
          <MethodGate paymentMethodUuid={paymentMethodUuid} back={{ to: `/book/${orderUuid}/payments`, label: t('methods.back') }}>
            {(method) => <PayWithCard order={order} method={method} />}
          </MethodGate>
        )}
      </OrderGate>
    </Page>
  );
}

function PayWithCard({ order, method }: { order: OrderView; method: PaymentMethodView }) {
  const { t, i18n } = useTranslation('payment');
  const navigate = useNavigate();
  const pay = usePayOrder();
  const base = `/book/${order.uuid}`;
  return (
    <>
      <Card>
        <CardSummary method={method} showMeaning />
      </Card>
      {!order.canPay ? (
        <NothingToPay order={order} next={{ to: `${base}/done`, label: t('book.toOrder') }} />
      ) : usable(method) ? (
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
      ) : method.canFinish ? (
        <Card className="grid justify-items-start gap-4">
          <p className="text-sm text-muted-foreground">{t('book.finishFirst')}</p>
          <Link to={`${base}/payments/${method.uuid}/prepare`} className={buttonVariants({ size: 'lg' })}>
            <Wrench aria-hidden="true" />
            {t('method.finish')}
          </Link>
        </Card>
      ) : (
        <Notice tone="info">{t('book.cardNotReady')}</Notice>
      )}
      <Link to={`${base}/method`} className={buttonVariants({ variant: 'ghost', className: 'w-fit' })}>
        {t('book.otherWays')}
      </Link>
    </>
  );
}
