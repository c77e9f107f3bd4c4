import { ComingSoon } from '@/components/coming-soon';

/** /admin/events — the feature arrives in a later version; until then an honest notice. */
export default function AdminEventsPage() {
  return <ComingSoon page="adminEvents" />;
}
