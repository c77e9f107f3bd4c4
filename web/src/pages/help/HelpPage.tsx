import { ComingSoon } from '@/components/coming-soon';

/** /help — the feature arrives in a later version; until then an honest notice. */
export default function HelpPage() {
  return <ComingSoon page="help" />;
}
