import { ComingSoon } from '@/components/coming-soon';

/** /order/:orderUuid/payment — the feature arrives in a later version; until then an honest notice. */
export default function OrderPaymentPage() {
  return <ComingSoon page="orderPayment" />;
}
