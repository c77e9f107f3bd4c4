import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '@/features/session/session';
import { forgetReturn, readReturn, type ReturnTo } from '@/features/payment/return-to';
import { returnStatus } from '@/features/payment/states';
import { usePatience } from '@/features/payment/use-patience';

interface CallbackOptions<T, K extends QueryKey> {
  /** The query parameter naming the card or order (?paymentMethodUuid=, ?orderUuid=). */
  param: string;
  /** Reads the card or order. */
  query: (uuid: string) => UseQueryOptions<T, Error, T, K>;
  /** The provider's answer has arrived: the state changed. */
  decided: (subject: T) => boolean;
  /** Where to go on when nothing was remembered (another tab, storage off). */
  fallback: (uuid: string, subject?: T) => ReturnTo;
}

/**
 * useProviderReturn drives a provider's return page: while the user is signed in in this
 * tab it polls the card or order until its state changes and then moves on by
 * itself, to where the screen that opened the provider's page asked (or, when the
 * user left the provider's page without deciding, back there at once). Signed out,
 * or in another browser, the page just says its sentence.
 */
export function useProviderReturn<T, K extends QueryKey>({ param, query, decided, fallback }: CallbackOptions<T, K>) {
  const { status } = useParams();
  const [search] = useSearchParams();
  const uuid = search.get(param) ?? '';
  const navigate = useNavigate();
  const { user } = useSession();
  const patience = usePatience();
  const cancelled = returnStatus(status) === 'cancel';
  const remembered = useMemo(() => readReturn(uuid), [uuid]);
  const active = !!user && uuid !== '';

  const q = useQuery({
    ...query(uuid),
    enabled: active && !cancelled,
    retry: false,
    meta: { silent: true },
    refetchInterval: (qq) => (qq.state.data !== undefined && decided(qq.state.data) ? false : patience.delay()),
  });
  const subject = q.data;
  const isDecided = subject !== undefined && decided(subject);

  useEffect(() => {
    if (!active) return;
    if (cancelled) {
      navigate((remembered ?? fallback(uuid)).back, { replace: true });
    } else if (isDecided) {
      forgetReturn(uuid);
      navigate((remembered ?? fallback(uuid, subject)).done, { replace: true });
    }
  }, [active, cancelled, fallback, isDecided, navigate, remembered, subject, uuid]);

  return {
    checking: active && !cancelled && !q.isError && !patience.exhausted,
    // Once the app stops asking (or cannot ask), a way on instead of a spinner forever.
    onward: active && (patience.exhausted || q.isError) ? (remembered ?? fallback(uuid, subject)).done : undefined,
  };
}
