import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { usePaymentLink } from '@/features/payment/api';
import { ProviderRedirect } from '@/features/payment/components/provider-redirect';
import { rememberReturn } from '@/features/payment/return-to';

/**
 * /book/:orderUuid/prepare — the one-time payment link: the app gets it and opens
 * the provider's page, saying that this may take up to 10 seconds. The provider
 * returns to /callback/order-payment/{status}, which moves on to the done screen.
 */
export default function BookPreparePage() {
  const { t, i18n } = useTranslation('payment');
  const { orderUuid = '' } = useParams();
  const { mutateAsync: getLink } = usePaymentLink();
  const base = `/book/${orderUuid}`;
  const start = useCallback(async () => {
    rememberReturn(orderUuid, { done: `${base}/done`, back: `${base}/method` });
    const res = await getLink({ orderUuid, language: i18n.language });
    return res.url;
  }, [base, getLink, i18n.language, orderUuid]);
  return (
    <Page page="bookPrepare">
      <ProviderRedirect start={start} back={{ to: `${base}/method`, label: t('book.otherWays') }} />
    </Page>
  );
}
