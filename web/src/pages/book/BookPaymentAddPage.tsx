import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/payments/add — the feature arrives in a later version; until then an honest notice. */
export default function BookPaymentAddPage() {
  return <ComingSoon page="bookPaymentAdd" />;
}
