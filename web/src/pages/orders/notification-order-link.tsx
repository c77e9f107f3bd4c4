import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { orderQuery } from '@/features/booking/api';
import { orderNextPath } from '@/features/booking/labels';
import { useTranslation } from '@/i18n';

/**
 * NotificationOrderLink opens the order a notification is about (issue 28): on its
 * locker's page, or the history's for an order that is over, or the summary while it
 * is reserved. Which one is known once the order is read, so the link reads it on
 * click; its address is the order's status page, where a new tab lands.
 */
export function NotificationOrderLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const navigate = useNavigate();
  const fallback = `/book/${orderId}/done`;
  return (
    <Link
      to={fallback}
      data-testid="notification-order"
      className="inline-flex items-center font-medium text-primary hover:underline"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab or window
        e.preventDefault();
        client
          .fetchQuery(orderQuery(orderId))
          .then((order) => navigate(orderNextPath(order)))
          .catch(() => navigate(fallback));
      }}
    >
      {t('openOrder')}
      <ChevronRight className="size-3.5" aria-hidden="true" />
    </Link>
  );
}
