import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { paymentMethodsQuery } from '@/features/payment/api';
import { MethodPicker } from '@/features/payment/components/method-picker';

/** /book/:orderUuid/payments — the saved cards to pay the order with, and a new one. */
export default function BookPaymentsPage() {
  const { t } = useTranslation('payment');
  const { orderUuid = '' } = useParams();
  const base = `/book/${orderUuid}`;
  const q = useQuery(paymentMethodsQuery);
  const addLink = (
    <Link to={`${base}/payments/add`} className={buttonVariants({ variant: q.data?.length ? 'outline' : 'default' })}>
      {t('method.add')}
    </Link>
  );
  return (
    <Page page="bookPayments">
      <p className="text-muted-foreground">{t('book.chooseCard')}</p>
      {q.isPending ? (
        <LoadingState rows={2} />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState message={t('methods.empty')} action={addLink} />
      ) : (
        <>
          <MethodPicker methods={q.data} to={(m) => `${base}/payments/${m.uuid}`} />
          <div className="flex flex-col gap-2 sm:flex-row">{addLink}</div>
        </>
      )}
      <Link to={`${base}/method`} className={buttonVariants({ variant: 'ghost', className: 'w-fit' })}>
        {t('book.otherWays')}
      </Link>
    </Page>
  );
}
