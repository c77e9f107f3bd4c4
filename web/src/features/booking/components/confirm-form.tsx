import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field';
import { useConfirmOrder } from '../api';
import { formatMoney } from '@/lib/format';
import { OrderBillingRule } from './billing-rule';

/**
 * ConfirmForm is the one confirm step of a reserved order (issue 46): the billing rule
 * of a paid order, the terms and the button that books it. A free order is booked at
 * once, a paid one goes on to how to pay it. The order's summary stands above it, on
 * the same screen, so the booking is read once and confirmed there.
 */
export function ConfirmForm({ order, onLeaving }: { order: OrderView; onLeaving?: (leaving: boolean) => void }) {
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
    // The screen around may move a confirmed order on by itself: told that this form
    // does, it waits, so the order is not sent to two places at once.
    onLeaving?.(true);
    confirm.mutate(
      { orderUuid: order.uuid, acceptTerms: true },
      // Pushed, not replaced: Back from the next step returns to this order's screen,
      // which then shows what is left to do (pay, or its codes), not to the timeframe.
      { onSuccess: (o) => navigate(o.canPay ? `/book/${o.uuid}/method` : `/book/${o.uuid}/done`), onError: () => onLeaving?.(false) },
    );
  };

  const label =
    order.totalCents === 0 ? t('confirm.confirmFree') : t('confirm.confirmPay', { amount: formatMoney(order.totalCents, i18n.language) });
  return (
    <>
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
