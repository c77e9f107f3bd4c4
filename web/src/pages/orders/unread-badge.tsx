import { useTranslation } from '@/i18n';
import { useSession } from '@/features/session/session';
import { useUnread } from '@/features/notifications/api';

/** UnreadBadge (shown by the app's menu, which may use pages but not features) is the menu entry's count of unread notifications; nothing when there are none. */
export function UnreadBadge() {
  const { t } = useTranslation('notifications');
  const { user } = useSession();
  const q = useUnread(!!user);
  const n = q.data ?? 0;
  if (n === 0) return null;
  return (
    <span
      className="ml-auto min-w-5 rounded-full bg-primary px-1.5 py-0.5 text-center text-[11px] leading-none font-semibold text-primary-foreground"
      data-testid="unread-badge"
    >
      <span aria-hidden="true">{n > 99 ? '99+' : n}</span>
      <span className="sr-only">{t('badge', { count: n })}</span>
    </span>
  );
}
