import { Page } from '@/components/page';
import { OfflineCodes } from '@/features/doors/components/offline-codes';

/**
 * The codes kept on this device, shown in place of a signed-in screen while the app is
 * offline and the session cannot be checked (app/guards.tsx, issue 26).
 */
export default function OfflineCodesPage() {
  return (
    <Page page="offlineCodes">
      <OfflineCodes />
    </Page>
  );
}
