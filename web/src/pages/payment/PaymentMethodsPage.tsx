import { ComingSoon } from '@/components/coming-soon';

/** /payment/methods — the feature arrives in a later version; until then an honest notice. */
export default function PaymentMethodsPage() {
  return <ComingSoon page="paymentMethods" />;
}
