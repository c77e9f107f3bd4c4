import { useCallback } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { useAddPaymentMethod } from '@/features/payment/api';
import { MethodGate } from '@/features/payment/components/method-gate';
import { ProviderRedirect } from '@/features/payment/components/provider-redirect';
import { rememberReturn } from '@/features/payment/return-to';

/**
 * /book/:orderUuid/payments/:paymentMethodUuid/prepare — opens the provider's page
 * for the card: the one the add screen just made, or a fresh one to finish a
 * half-added card (also after a reload). Redirecting may take up to 10 seconds. A
 * card that is saved already has nothing to finish: its screen shows instead.
 */
export default function BookPaymentPreparePage() {
  const { t, i18n } = useTranslation('payment');
  const { orderUuid = '', paymentMethodUuid = '' } = useParams();
  const given = (useLocation().state as { url?: string } | null)?.url;
  const { mutateAsync: addCard } = useAddPaymentMethod();
  const base = `/book/${orderUuid}`;
  const back = { to: `${base}/payments`, label: t('methods.back') };
  const start = useCallback(async () => {
    rememberReturn(paymentMethodUuid, { done: `${base}/payments/${paymentMethodUuid}/done`, back: `${base}/payments` });
    if (given) return given;
    const res = await addCard({ paymentMethodUuid, language: i18n.language });
    return res.url;
  }, [addCard, base, given, i18n.language, paymentMethodUuid]);
  const redirect = <ProviderRedirect start={start} back={back} title={t('redirect.card')} />;
  return (
    <Page page="bookPaymentPrepare">
      {given ? (
        redirect
      ) : (
        <MethodGate paymentMethodUuid={paymentMethodUuid} back={back}>
          {(m) => (m.canFinish ? redirect : <Navigate to={`${base}/payments/${m.uuid}`} replace />)}
        </MethodGate>
      )}
    </Page>
  );
}
