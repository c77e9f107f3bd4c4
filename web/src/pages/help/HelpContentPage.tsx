import { ComingSoon } from '@/components/coming-soon';

/** /help/content/* — the feature arrives in a later version; until then an honest notice. */
export default function HelpContentPage() {
  return <ComingSoon page="helpContent" />;
}
