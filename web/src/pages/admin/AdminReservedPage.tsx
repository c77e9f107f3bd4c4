import { ComingSoon } from '@/components/coming-soon';

/** /admin/reserved — the feature arrives in a later version; until then an honest notice. */
export default function AdminReservedPage() {
  return <ComingSoon page="adminReserved" />;
}
