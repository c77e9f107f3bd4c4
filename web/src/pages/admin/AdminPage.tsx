import { ComingSoon } from '@/components/coming-soon';

/** /admin — the feature arrives in a later version; until then an honest notice. */
export default function AdminPage() {
  return <ComingSoon page="admin" />;
}
