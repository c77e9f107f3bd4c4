import { ComingSoon } from '@/components/coming-soon';

/** /admin/users — the feature arrives in a later version; until then an honest notice. */
export default function AdminUsersPage() {
  return <ComingSoon page="adminUsers" />;
}
