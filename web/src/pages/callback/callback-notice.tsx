import { CircleCheck } from 'lucide-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page, type PageId } from '@/components/page';

/**
 * CallbackNotice is what a payment provider's return page shows (spec §2): the
 * payment is handled by the server and the app, so this tab can simply be closed.
 */
export function CallbackNotice({ page }: { page: PageId }) {
  const { t } = useTranslation();
  const { status = '' } = useParams();
  return (
    <Page page={page}>
      <Card className="grid justify-items-center gap-4 py-10 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
          <CircleCheck className="size-7" aria-hidden="true" />
        </span>
        <p className="max-w-sm text-lg font-medium text-balance" data-testid="callback-message">
          {t('callback.processed')}
        </p>
        {status && <p className="text-sm text-muted-foreground">{t('callback.status', { status })}</p>}
      </Card>
    </Page>
  );
}
