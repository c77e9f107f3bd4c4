import { ComingSoon } from '@/components/coming-soon';

/** /issues — the feature arrives in a later version; until then an honest notice. */
export default function IssuesPage() {
  return <ComingSoon page="issues" />;
}
