import { ComingSoon } from '@/components/coming-soon';

/** /notifications — the feature arrives in a later version; until then an honest notice. */
export default function NotificationsPage() {
  return <ComingSoon page="notifications" />;
}
