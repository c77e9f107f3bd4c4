import { ComingSoon } from '@/components/coming-soon';

/** /tutorial/store — the feature arrives in a later version; until then an honest notice. */
export default function TutorialStorePage() {
  return <ComingSoon page="tutorialStore" />;
}
