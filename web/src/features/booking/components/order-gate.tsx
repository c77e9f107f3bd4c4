import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { useOrder } from '../use-order';

/**
 * OrderGate loads an order and renders children with it, or the loading, not-found
 * and error states every order screen shares.
 */
export function OrderGate({
  orderUuid,
  refetchInterval,
  pollWhilePending,
  children,
}: {
  orderUuid: string;
  refetchInterval?: number | false;
  /** Poll every few seconds while the order waits for payment or its processing. */
  pollWhilePending?: boolean;
  children: (order: OrderView) => ReactNode;
}) {
  const { t } = useTranslation('booking');
  const q = useOrder(orderUuid, { refetchInterval, pollWhilePending });
  if (q.isPending) return <LoadingState rows={2} />;
  if (q.isError && q.notFound) return <NotFoundState message={t('order.notFound')} back={{ to: '/orders', label: t('order.toOrders') }} />;
  if (q.isError) {
    return (
      <ErrorState
        onRetry={() => void q.refetch()}
        action={
          <Link to="/orders" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('order.toOrders')}
          </Link>
        }
      />
    );
  }
  return <>{children(q.data)}</>;
}
