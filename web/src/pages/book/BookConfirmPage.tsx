import { ComingSoon } from '@/components/coming-soon';

/** /book/:orderUuid/confirm — the feature arrives in a later version; until then an honest notice. */
export default function BookConfirmPage() {
  return <ComingSoon page="bookConfirm" />;
}
