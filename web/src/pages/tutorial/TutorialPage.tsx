import { ComingSoon } from '@/components/coming-soon';

/** /tutorial — the feature arrives in a later version; until then an honest notice. */
export default function TutorialPage() {
  return <ComingSoon page="tutorial" />;
}
