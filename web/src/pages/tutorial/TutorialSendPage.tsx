import { ComingSoon } from '@/components/coming-soon';

/** /tutorial/send — the feature arrives in a later version; until then an honest notice. */
export default function TutorialSendPage() {
  return <ComingSoon page="tutorialSend" />;
}
