import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/payments/:paymentMethodUuid/prepare — the feature arrives in a later version; until then an honest notice. */
export default function BookPaymentPreparePage() {
  return <ComingSoon page="bookPaymentPrepare" />;
}
