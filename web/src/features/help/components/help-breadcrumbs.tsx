import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { pick, type Localized } from '../lang';

/** HelpBreadcrumbs is the way from the help centre's top to the current page. */
export function HelpBreadcrumbs({ crumbs }: { crumbs: { path: string; title: Localized }[] }) {
  const { t, i18n } = useTranslation('help');
  const all = [{ to: '/help', label: t('home') }, ...crumbs.map((c) => ({ to: `/help/list/${c.path}`, label: pick(c.title, i18n.language) }))];
  return (
    <nav aria-label={t('breadcrumbs')} className="-mb-3 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {all.map((c, i) => (
          <li key={c.to} className="flex items-center gap-1">
            {i > 0 && <ChevronRight className="size-3.5" aria-hidden="true" />}
            <Link to={c.to} className="rounded-sm font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              {c.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
