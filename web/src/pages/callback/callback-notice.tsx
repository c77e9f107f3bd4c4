import { CircleCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Card, Page, type PageId } from '@/components/page';
import { InlineLoading } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { returnStatus } from '@/features/payment/states';

interface CallbackNoticeProps {
  page: PageId;
  /** The app is asking the server whether the provider's answer arrived. */
  checking?: boolean;
  /** A way on once the app stopped waiting. */
  onward?: string;
}

/**
 * CallbackNotice is what a payment provider's return page shows (spec §2): the
 * payment is handled by the server and the app, so this tab can simply be closed.
 * In the app's own tab it keeps saying so while the app checks the result, and the
 * page moves on by itself.
 */
export function CallbackNotice({ page, checking = false, onward }: CallbackNoticeProps) {
  const { t } = useTranslation();
  const { status } = useParams();
  return (
    <Page page={page}>
      <Card className="grid justify-items-center gap-4 py-10 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
          <CircleCheck className="size-7" aria-hidden="true" />
        </span>
        <p className="max-w-sm text-lg font-medium text-balance" data-testid="callback-message">
          {t('callback.processed')}
        </p>
        {status && <p className="text-sm text-muted-foreground">{t(`callback.statuses.${returnStatus(status)}`)}</p>}
        {checking && <InlineLoading label={t('callback.checking')} />}
        {onward && (
          <Link to={onward} replace className={buttonVariants({ variant: 'outline' })}>
            {t('callback.onward')}
          </Link>
        )}
      </Card>
    </Page>
  );
}
