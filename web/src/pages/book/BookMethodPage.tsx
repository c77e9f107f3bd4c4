import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/method — the feature arrives in a later version; until then an honest notice. */
export default function BookMethodPage() {
  return <ComingSoon page="bookMethod" />;
}
