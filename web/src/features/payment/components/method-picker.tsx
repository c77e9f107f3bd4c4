import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { PaymentMethodView } from '@/api/generated/app-router';
import { CardSummary } from './card-summary';

/** MethodPicker lists the saved cards as links, e.g. to pay an order with the one chosen. */
export function MethodPicker({ methods, to }: { methods: PaymentMethodView[]; to: (m: PaymentMethodView) => string }) {
  const { t } = useTranslation('payment');
  return (
    <ul aria-label={t('methods.title')} className="divide-y overflow-hidden rounded-2xl border bg-card shadow-xs" data-payment-methods>
      {methods.map((m) => (
        <li key={m.uuid}>
          <Link
            to={to(m)}
            className="flex items-center gap-3 px-4 py-4 outline-none transition-colors hover:bg-muted/60 focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset md:px-5"
          >
            <CardSummary method={m} className="min-w-0 flex-1" />
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
