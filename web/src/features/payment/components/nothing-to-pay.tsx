import { CheckCircle2, CircleSlash } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';

/**
 * NothingToPay replaces the payment choices of an order that owes nothing now:
 * paid already, or no longer payable (the hold ran out, the payment was declined,
 * the order was cancelled). It says which and leads on.
 */
export function NothingToPay({ order, next }: { order: OrderView; next: { to: string; label: string } }) {
  const { t } = useTranslation('payment');
  const paid = ['booked', 'active', 'extended'].includes(order.status) && !order.pendingExtension;
  const message = paid
    ? t('nothing.paid')
    : order.status === 'failed'
      ? t('nothing.failed')
      : order.pendingExtension || order.status === 'unpaid'
        ? t('nothing.expired')
        : t('nothing.closed');
  return (
    <Card className="grid justify-items-start gap-4">
      <div className="flex items-center gap-3" data-testid="nothing-to-pay">
        {paid ? (
          <CheckCircle2 className="size-6 text-emerald-700" aria-hidden="true" />
        ) : (
          <CircleSlash className="size-6 text-muted-foreground" aria-hidden="true" />
        )}
        <p className="font-medium">{message}</p>
      </div>
      <Link to={next.to} className={buttonVariants({ variant: 'outline' })}>
        {next.label}
      </Link>
    </Card>
  );
}
