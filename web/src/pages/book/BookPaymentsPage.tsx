import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/payments — the feature arrives in a later version; until then an honest notice. */
export default function BookPaymentsPage() {
  return <ComingSoon page="bookPayments" />;
}
