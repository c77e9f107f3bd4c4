import { BellRing, CheckCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NotificationView } from '@/api/generated/app-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import i18n, { useTranslation } from '@/i18n';
import { deviceZone, formatInstant } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api';
import { notificationText } from '../render';

/** OrderLink links a notification to its order; the page that shows the list knows the order routes. */
export type OrderLink = (orderId: string) => ReactNode;

/**
 * NotificationList is the user's notifications, newest first, worded in the language on
 * the screen now, with their unread state, the read actions and a link to each one's order.
 */
export function NotificationList({ orderLink }: { orderLink: OrderLink }) {
  const { t } = useTranslation('notifications');
  const { t: tb } = useTranslation('booking');
  const q = useNotifications();
  const readAll = useMarkAllRead();

  if (q.isPending) return <LoadingState rows={4} />;
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()} />;
  const items = q.data.pages.flatMap((p) => p.items);
  const unread = q.data.pages[0]?.unread ?? 0;
  if (items.length === 0) {
    return (
      <EmptyState
        message={t('empty')}
        action={
          <Link to="/book" className={buttonVariants()}>
            {tb('orders.bookFirst')}
          </Link>
        }
      />
    );
  }

  const markAll = () =>
    readAll.mutate(undefined, {
      onSuccess: () => toast({ text: () => ({ description: i18n.t('allRead', { ns: 'notifications' }) }) }),
      onError: () => toast({ text: () => ({ description: i18n.t('failed', { ns: 'notifications' }) }) }),
    });

  return (
    <section className="grid gap-3" aria-labelledby="notifications-list">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notifications-list" className="text-sm font-medium text-muted-foreground" data-testid="unread-count">
          {t('unread', { count: unread })}
        </h2>
        <Button variant="outline" size="sm" disabled={unread === 0} loading={readAll.isPending} onClick={markAll}>
          <CheckCheck aria-hidden="true" />
          {t('readAll')}
        </Button>
      </div>
      <ul className="divide-y overflow-hidden rounded-2xl border bg-card shadow-xs">
        {items.map((n) => (
          <li key={n.id}>
            <NotificationRow n={n} orderLink={orderLink} />
          </li>
        ))}
      </ul>
      {q.hasNextPage && (
        <Button variant="ghost" className="justify-self-center" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {t('more')}
        </Button>
      )}
    </section>
  );
}

function NotificationRow({ n, orderLink }: { n: NotificationView; orderLink: OrderLink }) {
  const { t, i18n } = useTranslation('notifications');
  const read = useMarkRead();
  // When it happened is on the reader's own clock; the times it talks about are the station's.
  const when = formatInstant(n.createdAt, deviceZone(), i18n.language);
  const { title, body } = notificationText(n, t, i18n.language);
  return (
    <article className={cn('flex gap-4 p-4', !n.read && 'bg-secondary/40')} data-testid="notification" data-read={n.read}>
      <span
        className={cn(
          'grid size-9 shrink-0 place-items-center rounded-lg',
          n.read ? 'bg-muted text-muted-foreground' : 'bg-primary text-primary-foreground',
        )}
      >
        <BellRing className="size-[18px]" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h3 className="font-medium">{title}</h3>
          {!n.read && <span className="text-xs font-semibold text-primary">{t('new')}</span>}
        </div>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{body}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={n.createdAt}>{when}</time>
          {n.orderId && orderLink(n.orderId)}
          {!n.read && (
            <button
              type="button"
              className="font-medium text-primary hover:underline disabled:opacity-60"
              disabled={read.isPending}
              onClick={() => read.mutate(n.id, { onError: () => toast({ text: () => ({ description: i18n.t('failed', { ns: 'notifications' }) }) }) })}
            >
              {t('markRead')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
