import { Link } from '@/components/link';
import { useTranslation } from '@/i18n';
import { cn } from '@/lib/utils';

/** Brand is the logo mark and product name, linking home. */
export function Brand({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2.5 rounded-lg font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <rect x="8" y="7" width="16" height="18" rx="2" fill="none" stroke="#fff" strokeWidth="2.5" />
        <line x1="16" y1="7" x2="16" y2="25" stroke="#fff" strokeWidth="2.5" />
        <circle cx="13" cy="16" r="1.3" fill="#fff" />
        <circle cx="19" cy="16" r="1.3" fill="#fff" />
      </svg>
      <span className="text-lg">{t('app.name')}</span>
    </Link>
  );
}
