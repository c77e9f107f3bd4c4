import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/payments/:paymentMethodUuid — the feature arrives in a later version; until then an honest notice. */
export default function BookPaymentPage() {
  return <ComingSoon page="bookPayment" />;
}
