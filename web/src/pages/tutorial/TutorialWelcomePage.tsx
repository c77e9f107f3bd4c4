import { ComingSoon } from '@/components/coming-soon';

/** /tutorial/welcome — the feature arrives in a later version; until then an honest notice. */
export default function TutorialWelcomePage() {
  return <ComingSoon page="tutorialWelcome" />;
}
