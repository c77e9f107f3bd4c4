import { orderQuery } from '@/features/booking/api';
import { paymentDecided } from '@/features/payment/states';
import { CallbackNotice } from './callback-notice';
import { useProviderReturn } from './use-provider-return';

const booking = (orderUuid: string) => ({ done: `/book/${orderUuid}/done`, back: `/book/${orderUuid}/method` });

/** /callback/order-payment/:status?orderUuid= — back from paying an order by link; moves on once the payment is decided. */
export default function CallbackOrderPaymentPage() {
  const { checking, onward } = useProviderReturn({
    param: 'orderUuid',
    query: orderQuery,
    decided: paymentDecided,
    fallback: booking,
  });
  return <CallbackNotice page="callbackOrderPayment" checking={checking} onward={onward} />;
}
