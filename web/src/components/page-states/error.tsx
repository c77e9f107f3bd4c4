import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../page';
import { Button } from '../ui/button';

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
