import { CallbackNotice } from './callback-notice';

export default function CallbackOrderPaymentPage() {
  return <CallbackNotice page="callbackOrderPayment" />;
}
