import { CallbackNotice } from './callback-notice';

export default function CallbackPaymentPage() {
  return <CallbackNotice page="callbackPayment" />;
}
