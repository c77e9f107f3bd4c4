import { ComingSoon } from '@/components/coming-soon';

/** /history — the feature arrives in a later version; until then an honest notice. */
export default function HistoryPage() {
  return <ComingSoon page="history" />;
}
