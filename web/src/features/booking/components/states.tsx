import { AlertTriangle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

/** LoadingState is a quiet placeholder with skeleton rows, announced to screen readers. */
export function LoadingState({ rows = 3, className }: { rows?: number; className?: string }) {
  const { t } = useTranslation('booking');
  return (
    <div role="status" aria-live="polite" className={cn('grid gap-3', className)}>
      <span className="sr-only">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-24 animate-pulse rounded-2xl border bg-card">
          <div className="m-5 h-3 w-1/3 rounded bg-muted" />
          <div className="mx-5 h-3 w-2/3 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/** InlineLoading is a spinner with a short text, for a part of a screen. */
export function InlineLoading({ label }: { label?: string }) {
  const { t } = useTranslation('booking');
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {label ?? t('common.loading')}
    </p>
  );
}

/** ErrorState says that loading failed and offers a retry. */
export function ErrorState({ message, onRetry, children }: { message?: string; onRetry?: () => void; children?: ReactNode }) {
  const { t } = useTranslation('booking');
  return (
    <Card className="flex items-start gap-4" >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-destructive/10 text-destructive">
        <AlertTriangle className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-3" role="alert">
        <div>
          <p className="font-medium">{message ?? t('common.loadFailed')}</p>
          {!message && <p className="text-sm text-muted-foreground">{t('common.loadFailedBody')}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {onRetry && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
          {children}
        </div>
      </div>
    </Card>
  );
}

/** EmptyState is a friendly "nothing here yet" with an optional action. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Card className="grid justify-items-center gap-4 py-10 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Inbox className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-sm text-muted-foreground">{message}</p>
      {children}
    </Card>
  );
}

/** Notice is an inline message: info, warning or error, announced when it appears. */
export function Notice({
  tone = 'info',
  children,
  className,
}: {
  tone?: 'info' | 'warning' | 'error' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const tones = {
    info: 'bg-secondary text-secondary-foreground',
    success: 'bg-emerald-50 text-emerald-900 border border-emerald-200',
    warning: 'bg-amber-50 text-amber-900 border border-amber-200',
    error: 'bg-destructive/10 text-destructive border border-destructive/30',
  } as const;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-xl px-4 py-3 text-sm font-medium', tones[tone], className)}
    >
      {children}
    </div>
  );
}
