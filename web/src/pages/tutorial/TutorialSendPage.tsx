import { TutorialStep } from './tutorial-step';

/** /tutorial/send: step 3 of the tutorial. */
export default function TutorialSendPage() {
  return <TutorialStep step="send" />;
}
