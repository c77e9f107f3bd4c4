import { ComingSoon } from '@/components/coming-soon';

/** /admin/issues — the feature arrives in a later version; until then an honest notice. */
export default function AdminIssuesPage() {
  return <ComingSoon page="adminIssues" />;
}
