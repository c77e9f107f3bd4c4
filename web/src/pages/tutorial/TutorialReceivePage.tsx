import { TutorialStep } from './tutorial-step';

/** /tutorial/receive: step 2 of the tutorial. */
export default function TutorialReceivePage() {
  return <TutorialStep step="receive" />;
}
