import { paymentMethodQuery } from '@/features/payment/api';
import { methodSettled } from '@/features/payment/states';
import { CallbackNotice } from './callback-notice';
import { useProviderReturn } from './use-provider-return';

const cards = () => ({ done: '/payment/methods', back: '/payment/methods' });

/** /callback/method/:status?paymentMethodUuid= — back from saving a card; moves on once the card's state settles. */
export default function CallbackMethodPage() {
  const { checking, onward } = useProviderReturn({
    param: 'paymentMethodUuid',
    query: paymentMethodQuery,
    decided: methodSettled,
    fallback: cards,
  });
  return <CallbackNotice page="callbackMethod" checking={checking} onward={onward} />;
}
