import { ComingSoon } from '@/components/coming-soon';

/** /guide — the feature arrives in a later version; until then an honest notice. */
export default function GuidePage() {
  return <ComingSoon page="guide" />;
}
