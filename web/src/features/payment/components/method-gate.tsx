import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { PaymentMethodView } from '@/api/generated/app-router';
import { ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { AppError } from '@/lib/errors';
import { paymentMethodQuery } from '../api';

/**
 * MethodGate loads one saved card and renders children with it, or the loading,
 * not-found (someone else's card, a removed one, a mistyped id) and error states.
 * refetchInterval lets a screen keep asking while the provider decides.
 */
export function MethodGate({
  paymentMethodUuid,
  back,
  refetchInterval,
  children,
}: {
  paymentMethodUuid: string;
  back: { to: string; label: string };
  refetchInterval?: (m: PaymentMethodView) => number | false;
  children: (m: PaymentMethodView) => ReactNode;
}) {
  const { t } = useTranslation('payment');
  const q = useQuery({
    ...paymentMethodQuery(paymentMethodUuid),
    refetchInterval: (query) => {
      const m = query.state.data;
      if (!m) return false;
      return refetchInterval ? refetchInterval(m) : m.state === 'processing' ? 2000 : false;
    },
  });
  if (q.isPending) return <LoadingState rows={1} />;
  if (q.isError) {
    const code = AppError.from(q.error).appCode;
    if (code === 'PAYMENT_METHOD_NOT_FOUND' || code === 'BAD_INPUT' || code === 'MISSING_PARAMS') {
      return <NotFoundState message={t('method.notFound')} back={back} />;
    }
    return <ErrorState onRetry={() => void q.refetch()} />;
  }
  return <>{children(q.data)}</>;
}
