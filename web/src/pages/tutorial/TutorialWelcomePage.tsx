import { TutorialStep } from './tutorial-step';

/** /tutorial/welcome: step 1 of the tutorial. */
export default function TutorialWelcomePage() {
  return <TutorialStep step="welcome" />;
}
