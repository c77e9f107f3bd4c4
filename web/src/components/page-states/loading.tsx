import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { Spinner } from '../ui/spinner';

/** LoadingState stands in for a list or card that is loading: skeleton rows, announced to screen readers. */
export function LoadingState({ rows = 3, className }: { rows?: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={cn('grid gap-3', className)}>
      <span className="sr-only">{t('app.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-24 animate-pulse rounded-2xl border bg-card">
          <div className="m-5 h-3 w-1/3 rounded bg-muted" />
          <div className="mx-5 h-3 w-2/3 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/** InlineLoading is a spinner with a short text, for a part of a screen that loads after the rest. */
export function InlineLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {label ?? t('app.loading')}
    </p>
  );
}
