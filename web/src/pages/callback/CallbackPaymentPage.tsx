import type { OrderView } from '@/api/generated/app-router';
import { orderQuery } from '@/features/booking/api';
import { lockerPath } from '@/features/booking/labels';
import { paymentDecided } from '@/features/payment/states';
import { CallbackNotice } from './callback-notice';
import { useProviderReturn } from './use-provider-return';

/** Without a remembered way on: the order's (first) locker once decided, its payment screen when the user left the provider. */
function orderScreens(orderUuid: string, order?: OrderView) {
  const locker = order?.lockers[0];
  return {
    done: order && locker ? lockerPath(order, locker.uuid) : `/order/${orderUuid}/payment`,
    back: `/order/${orderUuid}/payment`,
  };
}

/** /callback/payment/:status?orderUuid= — back from paying an extension by link; moves on once the payment is decided. */
export default function CallbackPaymentPage() {
  const { checking, onward } = useProviderReturn({
    param: 'orderUuid',
    query: orderQuery,
    decided: paymentDecided,
    fallback: orderScreens,
  });
  return <CallbackNotice page="callbackPayment" checking={checking} onward={onward} />;
}
