// The states a screen shows instead of (or next to) its content, one way for every
// screen: loading, failed to load, nothing yet, and not found. The start-up path's
// full-page spinner is PageLoading (page-loading.tsx), kept apart so the entry stays small.
// Offline, a read with nothing loaded yet waits for the connection (app/query-client.ts):
// the loading states then say so instead of loading forever (issue 26).
import { AlertTriangle, Inbox, SearchX, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { useOnline } from '@/lib/online';
import { cn } from '@/lib/utils';
import { Card } from './page';
import { Button, buttonVariants } from './ui/button';
import { Spinner } from './ui/spinner';

/** LoadingState stands in for a list or card that is loading: skeleton rows, announced to screen readers. */
export function LoadingState({ rows = 3, className }: { rows?: number; className?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (!online) return <NeedsConnection className={className} />;
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

/**
 * InlineLoading is a spinner with a short text that says what is being waited for,
 * for a part of a screen that loads after the rest. Without such a text it is a
 * skeleton block: a bare "Loading…" tells the user nothing (issue 14).
 */
export function InlineLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (!online) return <NeedsConnection />;
  if (!label) {
    return (
      <div role="status" aria-live="polite" className="grid gap-2">
        <span className="sr-only">{t('app.loading')}</span>
        <div aria-hidden="true" className="h-20 animate-pulse rounded-2xl border bg-card p-4">
          <div className="h-3 w-1/3 rounded bg-muted" />
          <div className="mt-3 h-3 w-2/3 rounded bg-muted" />
        </div>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {label}
    </p>
  );
}

/** NeedsConnection stands in for what cannot load offline; it loads by itself once online. */
export function NeedsConnection({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Card className={cn('flex items-start gap-4', className)}>
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-amber-100 text-amber-900">
        <WifiOff className="size-5" aria-hidden="true" />
      </span>
      <div role="status" className="grid gap-1" data-testid="needs-connection">
        <p className="font-medium">{t('offline.needsConnection')}</p>
        <p className="text-sm text-muted-foreground">{t('offline.needsConnectionBody')}</p>
      </div>
    </Card>
  );
}

interface ErrorStateProps {
  /** What failed, when the screen knows better than "this could not be loaded". */
  message?: string;
  /** Offered as "Try again" when loading again may help. */
  onRetry?: () => void;
  /** Another way on, e.g. a link to a list. */
  action?: ReactNode;
}

/** ErrorState says that loading failed and offers to try again. */
export function ErrorState({ message, onRetry, action }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Card className="flex items-start gap-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-destructive/10 text-destructive">
        <AlertTriangle className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-3" role="alert">
        <div>
          <p className="font-medium">{message ?? t('common.loadFailed')}</p>
          {!message && <p className="text-sm text-muted-foreground">{t('common.loadFailedBody')}</p>}
        </div>
        {(onRetry || action) && (
          <div className="flex flex-wrap gap-2">
            {onRetry && (
              <Button variant="outline" size="sm" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            )}
            {action}
          </div>
        )}
      </div>
    </Card>
  );
}

/** EmptyState is a friendly "nothing here yet", with the next step when there is one. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Card className="grid justify-items-center gap-4 py-10 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Inbox className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-sm text-muted-foreground">{message}</p>
      {action}
    </Card>
  );
}

interface NotFoundStateProps {
  /** What is missing, e.g. "This order does not exist or is not yours." */
  message: string;
  /** The way back: where to, and the link's text. */
  back: { to: string; label: string };
}

/**
 * NotFoundState replaces a screen whose subject does not exist (or is not the user's:
 * the server answers *_NOT_FOUND for both) and leads back to where the user can go on.
 */
export function NotFoundState({ message, back }: NotFoundStateProps) {
  return (
    <Card className="grid justify-items-start gap-4">
      <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      <Link to={back.to} className={buttonVariants({ variant: 'outline' })}>
        {back.label}
      </Link>
    </Card>
  );
}
