import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { PaymentMethodView } from '@/api/generated/app-router';
import { useStatusWords } from '@/lib/status-words';
import { cn } from '@/lib/utils';
import { cardTitle } from '../labels';
import { expired, expiry } from '../states';
import { MethodBadge } from './method-badge';

/**
 * CardSummary is one saved card: brand and last four digits, expiry, and its state
 * badge; with showMeaning the state's meaning is written out below.
 */
export function CardSummary({
  method,
  showMeaning = false,
  className,
  children,
}: {
  method: PaymentMethodView;
  showMeaning?: boolean;
  className?: string;
  /** Actions shown under the card. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('payment');
  const words = useStatusWords();
  const title = cardTitle(t, method);
  const exp = expiry(method);
  const isExpired = expired(method, new Date());
  return (
    <div className={cn('grid gap-3', className)} data-payment-method={method.uuid}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
          <CreditCard className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold" data-testid="card-title">
              {title}
            </p>
            <MethodBadge label={method.label} />
          </div>
          {exp && (
            <p className={cn('text-sm', isExpired ? 'font-medium text-destructive' : 'text-muted-foreground')}>
              {isExpired ? t('method.expired', { date: exp }) : t('method.expires', { date: exp })}
            </p>
          )}
          {method.declined ? (
            // A saved card that declined its last charge is not "ready to pay with" (issue 46).
            <p className="text-sm font-medium text-destructive" data-testid="card-declined">
              {t('method.declined')}
            </p>
          ) : (
            showMeaning && <p className="text-sm text-muted-foreground">{words.cardMeaning(method.label)}</p>
          )}
        </div>
      </div>
      {children}
    </div>
  );
}
