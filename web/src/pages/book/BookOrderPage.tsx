import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid — the feature arrives in a later version; until then an honest notice. */
export default function BookOrderPage() {
  return <ComingSoon page="bookOrder" />;
}
