import { useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n';
import type { CouponView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { couponsQuery, useRegisterCoupon } from '@/features/booking/api';
import { couponName } from '@/features/booking/coupons';
import { lastDay } from '@/lib/format';
import { AppError } from '@/lib/errors';
import { stationsQuery } from '@/queries/stations';
import { cn } from '@/lib/utils';

/** /coupons — Promotions: the user's packs with remaining free orders, and a form to add a code. */
export default function CouponsPage() {
  const { t } = useTranslation('booking');
  const coupons = useQuery(couponsQuery);
  return (
    <Page page="coupons">
      <p className="text-muted-foreground">{t('coupons.lead')}</p>
      {coupons.isPending && <LoadingState rows={2} />}
      {coupons.isError && <ErrorState onRetry={() => void coupons.refetch()} />}
      {coupons.isSuccess &&
        (coupons.data.length === 0 ? (
          <EmptyState message={t('coupons.empty')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('coupons.lead')}>
            {coupons.data.map((c) => (
              <li key={c.uuid}>
                <CouponCard coupon={c} />
              </li>
            ))}
          </ul>
        ))}
      <RegisterForm />
    </Page>
  );
}

function CouponCard({ coupon }: { coupon: CouponView }) {
  const { t, i18n } = useTranslation('booking');
  const stations = useQuery({ ...stationsQuery, enabled: coupon.stationUuid !== null });
  const station = stations.data?.find((s) => s.uuid === coupon.stationUuid);
  const used = coupon.freeOrders - coupon.remaining;
  return (
    <article data-coupon={coupon.code} className={cn('grid h-full gap-3 rounded-2xl border bg-card p-4 shadow-xs', coupon.remaining === 0 && 'opacity-70')}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-emerald-100 text-emerald-800">
          <Ticket className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{couponName(coupon, i18n.language)}</p>
          <p className="font-mono text-xs text-muted-foreground">{coupon.code}</p>
        </div>
        <span className="text-2xl font-semibold tabular-nums" data-testid="coupon-remaining" data-remaining={coupon.remaining}>
          {coupon.remaining}
        </span>
      </div>
      <div
        className="flex gap-1"
        role="img"
        aria-label={t('coupons.remaining', { remaining: coupon.remaining, total: coupon.freeOrders })}
      >
        {Array.from({ length: coupon.freeOrders }, (_, i) => (
          <span key={i} className={cn('h-2 flex-1 rounded-full', i < used ? 'bg-muted' : 'bg-emerald-500')} />
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        {coupon.remaining === 0 ? t('coupons.usedUp') : t('coupons.remaining', { remaining: coupon.remaining, total: coupon.freeOrders })}
      </p>
      {(coupon.stationUuid || coupon.validUntil) && (
        <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          {coupon.stationUuid && <span>{t('coupons.stationOnly', { station: station?.name ?? '…' })}</span>}
          {coupon.validUntil && <span>{t('coupons.validUntil', { date: lastDay(coupon.validUntil, i18n.language) })}</span>}
        </p>
      )}
    </article>
  );
}

function RegisterForm() {
  const { t, i18n } = useTranslation('booking');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const register = useRegisterCoupon();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    if (!code.trim()) {
      setError(t('coupons.missingCode'));
      return;
    }
    setError(null);
    register.mutate(code.trim(), {
      onSuccess: (c) => {
        setCode('');
        setAdded(t('coupons.registered', { name: couponName(c, i18n.language) }));
      },
      onError: (err) => {
        const appCode = AppError.from(err).appCode;
        if (appCode === 'COUPON_ALREADY_REGISTERED') setError(t('coupons.alreadyRegistered'));
        else if (appCode === 'CANT_REGISTER_COUPON') setError(t('coupons.cantRegister'));
        else if (appCode === 'MISSING_PARAMS') setError(t('coupons.missingCode'));
      },
    });
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <h2 className="text-lg font-semibold">{t('coupons.registerTitle')}</h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field label={<span className="sr-only">{t('coupons.code')}</span>} error={error} className="flex-1">
            {(p) => (
              <Input
                {...p}
                name="code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder={t('coupons.codePlaceholder')}
                value={code}
                className="font-mono uppercase placeholder:normal-case"
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" size="lg" className="h-11" loading={register.isPending}>
            {t('coupons.register')}
          </Button>
        </div>
        {added && <Notice tone="success">{added}</Notice>}
      </form>
    </Card>
  );
}
