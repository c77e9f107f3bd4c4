import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/done — the feature arrives in a later version; until then an honest notice. */
export default function BookDonePage() {
  return <ComingSoon page="bookDone" />;
}
