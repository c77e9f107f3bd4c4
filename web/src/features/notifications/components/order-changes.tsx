import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useTranslation } from '@/i18n';
import { ErrorState } from '@/components/page-states';
import { deviceZone, formatInstant } from '@/lib/format';
import { orderChangesQuery } from '../api';
import { notificationText } from '../render';

/**
 * OrderChanges keeps on the order what was changed for its customer (issue 42):
 * a delete, an extension offered and its lapse, a refund with the reason given, a
 * move to another compartment, money returned; newest first, in the words of the
 * notifications that told them. An order nothing was changed on shows nothing.
 */
export function OrderChanges({ orderUuid }: { orderUuid: string }) {
  const { t, i18n } = useTranslation('notifications');
  const q = useQuery(orderChangesQuery(orderUuid));
  if (q.isPending || (q.isSuccess && q.data.length === 0)) return null;
  return (
    <section className="grid gap-3" aria-labelledby={`changes-${orderUuid}`} data-testid="order-changes">
      <h2 id={`changes-${orderUuid}`} className="flex items-center gap-2 text-lg font-semibold">
        <History className="size-5 text-primary" aria-hidden="true" />
        {t('orderChanges')}
      </h2>
      {q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : (
        <ol className="grid gap-3">
          {q.data.map((n) => {
            const { title, body } = notificationText(n, t, i18n.language);
            return (
              <li key={n.id} className="grid gap-1 rounded-lg border p-3">
                <h3 className="font-medium">{title}</h3>
                <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{body}</p>
                <time className="text-xs text-muted-foreground" dateTime={n.createdAt}>
                  {formatInstant(n.createdAt, deviceZone(), i18n.language)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
