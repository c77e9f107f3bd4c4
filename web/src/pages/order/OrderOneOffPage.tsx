import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { usePaymentLink } from '@/features/payment/api';
import { ProviderRedirect } from '@/features/payment/components/provider-redirect';
import { rememberReturn } from '@/features/payment/return-to';

/**
 * /order/:orderUuid/:orderLockerUuid/one-off — a one-time payment link for what the
 * order owes (an unpaid order or an extension). The provider returns to
 * /callback/order-payment or /callback/payment, which lead back to this locker.
 */
export default function OrderOneOffPage() {
  const { t, i18n } = useTranslation('payment');
  const { orderUuid = '', orderLockerUuid = '' } = useParams();
  const { mutateAsync: getLink } = usePaymentLink();
  const start = useCallback(async () => {
    rememberReturn(orderUuid, { done: `/order/${orderUuid}/${orderLockerUuid}`, back: `/order/${orderUuid}/payment` });
    const res = await getLink({ orderUuid, language: i18n.language });
    return res.url;
  }, [getLink, i18n.language, orderLockerUuid, orderUuid]);
  return (
    <Page page="orderOneOff">
      <ProviderRedirect start={start} back={{ to: `/order/${orderUuid}/payment`, label: t('book.otherWays') }} />
    </Page>
  );
}
