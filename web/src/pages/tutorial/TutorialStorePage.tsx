import { TutorialStep } from './tutorial-step';

/** /tutorial/store: step 4 of the tutorial. */
export default function TutorialStorePage() {
  return <TutorialStep step="store" />;
}
