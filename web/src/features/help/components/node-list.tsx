import { ChevronRight, FileText, Folder } from 'lucide-react';
import { Link } from 'react-router';
import type { HelpNodeView } from '@/api/generated/app-router';
import { EmptyState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { useTranslation } from '@/i18n';
import { helpHref, pick } from '../lang';

/** NodeList lists a section's children: sub-sections and articles, as big tap targets. */
export function NodeList({ nodes, label }: { nodes: HelpNodeView[]; label: string }) {
  const { t, i18n } = useTranslation('help');
  // A section without topics still leads somewhere: to asking the operators.
  if (nodes.length === 0) {
    return (
      <EmptyState
        message={t('sectionEmpty')}
        action={
          <Link to="/issues" className={buttonVariants({ variant: 'outline' })}>
            {t('reports.new')}
          </Link>
        }
      />
    );
  }
  return (
    <ul aria-label={label} className="grid gap-2 sm:grid-cols-2">
      {nodes.map((n) => {
        const Icon = n.kind === 'section' ? Folder : FileText;
        return (
          <li key={n.path}>
            <Link
              to={helpHref(n)}
              data-kind={n.kind}
              className="flex min-h-14 items-center gap-3 rounded-2xl border bg-card px-4 py-3 shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 flex-1 font-medium">{pick(n.title, i18n.language)}</span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
