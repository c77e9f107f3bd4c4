import { ComingSoon } from '@/components/coming-soon';

/** /help/list/* — the feature arrives in a later version; until then an honest notice. */
export default function HelpListPage() {
  return <ComingSoon page="helpList" />;
}
