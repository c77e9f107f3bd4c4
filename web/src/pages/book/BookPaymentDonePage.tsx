import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/payments/:paymentMethodUuid/done — the feature arrives in a later version; until then an honest notice. */
export default function BookPaymentDonePage() {
  return <ComingSoon page="bookPaymentDone" />;
}
