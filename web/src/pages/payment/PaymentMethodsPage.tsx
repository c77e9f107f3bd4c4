import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { paymentMethodsQuery } from '@/features/payment/api';
import { AddCardButton } from '@/features/payment/components/add-card-button';
import { MethodList } from '@/features/payment/components/method-list';

const here = () => ({ done: '/payment/methods', back: '/payment/methods' });

/**
 * /payment/methods — the saved cards: brand, last four digits, expiry and state;
 * make one the default, take the default off, finish a half-added one, remove one
 * after confirmation, and add a new one on the provider's page.
 */
export default function PaymentMethodsPage() {
  const { t } = useTranslation('payment');
  const q = useQuery(paymentMethodsQuery);
  return (
    <Page page="paymentMethods">
      <p className="text-muted-foreground">{t('methods.lead')}</p>
      {q.isPending ? (
        <LoadingState rows={2} />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState message={t('methods.empty')} action={<AddCardButton returnTo={here} variant="default" size="default" />} />
      ) : (
        <>
          <MethodList methods={q.data} finishReturn={here} />
          <div>
            <AddCardButton returnTo={here} />
          </div>
        </>
      )}
    </Page>
  );
}
