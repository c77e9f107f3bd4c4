import { ComingSoon } from '@/components/coming-soon';

/** /order/:orderUuid/:orderLockerUuid/one-off — the feature arrives in a later version; until then an honest notice. */
export default function OrderOneOffPage() {
  return <ComingSoon page="orderOneOff" />;
}
