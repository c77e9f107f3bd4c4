import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';

/** BackLink leads one level up from a settings screen. */
export function BackLink({ to, label }: { to: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className="-mb-3 inline-flex items-center gap-1 justify-self-start rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ChevronLeft className="size-4" aria-hidden="true" />
      {label ?? t('common.back')}
    </Link>
  );
}
