import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ordersQuery } from '../api';
import { OrderCard } from './order-card';

/** OrdersTabs switches between active orders and the history; each tab is its own route. */
export function OrdersTabs({ current }: { current: 'active' | 'history' }) {
  const { t } = useTranslation('booking');
  const tab = (isActive: boolean) =>
    cn(
      'flex-1 rounded-lg px-4 py-2 text-center text-sm font-medium outline-none transition focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
      isActive ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
    );
  return (
    <nav aria-label={t('orders.active') + ' / ' + t('orders.history')} className="flex w-full rounded-xl bg-muted p-1 sm:w-fit">
      <Link to="/orders/active" className={tab(current === 'active')} aria-current={current === 'active' ? 'page' : undefined}>
        {t('orders.active')}
      </Link>
      <Link to="/orders/history" className={tab(current === 'history')} aria-current={current === 'history' ? 'page' : undefined}>
        {t('orders.history')}
      </Link>
    </nav>
  );
}

/** OrdersList lists the user's active orders or history with loading, empty and error states. */
export function OrdersList({ scope }: { scope: 'active' | 'history' }) {
  const { t } = useTranslation('booking');
  const q = useQuery(ordersQuery(scope));
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) {
    return (
      <EmptyState
        message={scope === 'active' ? t('orders.emptyActive') : t('orders.emptyHistory')}
        action={
          <Link to="/book" className={buttonVariants()}>
            {t('orders.bookFirst')}
          </Link>
        }
      />
    );
  }
  return (
    <ul className="grid gap-3" data-orders={scope}>
      {q.data.map((o) => (
        <li key={o.uuid}>
          <OrderCard order={o} />
        </li>
      ))}
    </ul>
  );
}
