import { ComingSoon } from '@/components/coming-soon';

/** /reset — the feature arrives in a later version; until then an honest notice. */
export default function ResetPage() {
  return <ComingSoon page="reset" />;
}
