import { ComingSoon } from '@/components/coming-soon';

/** /order/history/:orderUuid/:orderLockerUuid — the feature arrives in a later version; until then an honest notice. */
export default function OrderHistoryLockerPage() {
  return <ComingSoon page="orderHistoryLocker" />;
}
