import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field';
import { useConfirmOrder } from '@/features/booking/api';
import { OrderBillingRule } from '@/features/booking/components/billing-rule';
import { OrderGate } from '@/features/booking/components/order-gate';
import { OrderSummary } from '@/features/booking/components/order-summary';
import { BookingSteps } from '@/features/booking/components/steps';
import { formatMoney } from '@/lib/format';

/** /book/:orderUuid/confirm — the terms; a free order is booked at once, a paid one waits for payment. */
export default function BookConfirmPage() {
  const { orderUuid = '' } = useParams();
  return (
    <Page page="bookConfirm">
      <BookingSteps current="confirm" />
      <OrderGate orderUuid={orderUuid}>{(order) => <ConfirmForm order={order} />}</OrderGate>
    </Page>
  );
}

function ConfirmForm({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('booking');
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  const confirm = useConfirmOrder();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!accepted) {
      setMissing(true); // 'Must Accept Terms' (spec §5), before asking the server.
      return;
    }
    confirm.mutate(
      { orderUuid: order.uuid, acceptTerms: true },
      // A paid order goes on to how to pay it; a free one is booked.
      { onSuccess: (o) => navigate(o.canPay ? `/book/${o.uuid}/method` : `/book/${o.uuid}/done`, { replace: true }) },
    );
  };

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
  const label =
    order.totalCents === 0 ? t('confirm.confirmFree') : t('confirm.confirmPay', { amount: formatMoney(order.totalCents, i18n.language) });
  return (
    <>
      <OrderSummary order={order} />
      {order.totalCents > 0 && <OrderBillingRule order={order} />}
      <Card>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <h2 id="confirm-terms-title" className="text-lg font-semibold">{t('confirm.termsTitle')}</h2>
          {/* A long text scrolls: focusable, so it scrolls by keyboard too. */}
          <p tabIndex={0} role="region" aria-labelledby="confirm-terms-title" className="max-h-48 overflow-y-auto rounded-xl bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring p-4 text-sm leading-relaxed text-muted-foreground">
            {t('confirm.terms')}
          </p>
          <div className="grid gap-2">
            <Checkbox
              id="confirm-terms"
              name="acceptTerms"
              label={t('confirm.accept')}
              className="font-medium"
              checked={accepted}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? 'confirm-terms-error' : undefined}
              onChange={(e) => {
                setAccepted(e.target.checked);
                if (e.target.checked) setMissing(false);
              }}
            />
            {missing && <FieldError id="confirm-terms-error">{t('confirm.mustAcceptTerms')}</FieldError>}
          </div>
          <Button type="submit" size="lg" className="w-full sm:w-fit" loading={confirm.isPending}>
            {label}
          </Button>
        </form>
      </Card>
    </>
  );
}
