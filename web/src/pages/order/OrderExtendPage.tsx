import { ComingSoon } from '@/components/coming-soon';

/** /order/:orderUuid/:orderLockerUuid/extend — the feature arrives in a later version; until then an honest notice. */
export default function OrderExtendPage() {
  return <ComingSoon page="orderExtend" />;
}
