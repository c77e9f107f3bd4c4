import { CallbackNotice } from './callback-notice';

export default function CallbackMethodPage() {
  return <CallbackNotice page="callbackMethod" />;
}
