import { ComingSoon } from '@/components/coming-soon';

/** /book — the feature arrives in a later version; until then an honest notice. */
export default function BookPage() {
  return <ComingSoon page="book" />;
}
