import { Page } from '@/components/page';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useTranslation } from '@/i18n';
import { NotificationOrderLink } from './notification-order-link';

/** /notifications: what happened to the user's rentals, newest first, with the unread ones marked. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return (
    <Page page="notifications">
      <p className="text-muted-foreground">{t('intro')}</p>
      <NotificationList orderLink={(orderId) => <NotificationOrderLink orderId={orderId} />} />
    </Page>
  );
}
