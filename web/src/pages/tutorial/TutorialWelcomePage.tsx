import { TutorialStep } from '@/features/account/tutorial-step';

/** /tutorial/welcome: step 1 of the tutorial. */
export default function TutorialWelcomePage() {
  return <TutorialStep step="welcome" />;
}
