import { ComingSoon } from '@/components/coming-soon';

/** /tutorial/receive — the feature arrives in a later version; until then an honest notice. */
export default function TutorialReceivePage() {
  return <ComingSoon page="tutorialReceive" />;
}
