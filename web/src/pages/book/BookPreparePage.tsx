import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/prepare — the feature arrives in a later version; until then an honest notice. */
export default function BookPreparePage() {
  return <ComingSoon page="bookPrepare" />;
}
