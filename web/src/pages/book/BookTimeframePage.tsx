import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Ticket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Card, Page } from '@/components/page';
import { ErrorState, InlineLoading, LoadingState, NotFoundState } from '@/components/page-states';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { availabilityQuery, couponsQuery, freeDaysQuery, stationQuery, useReserve } from '@/features/booking/api';
import { BillingRule } from '@/features/booking/components/billing-rule';
import { ProductCard } from '@/features/booking/components/product-card';
import { StationHeader } from '@/features/booking/components/station-header';
import { BookingSteps } from '@/features/booking/components/steps';
import { DateTimeFields, daysOffered } from '@/features/booking/components/timeframe-fields';
import { applicableCoupon, couponName } from '@/features/booking/coupons';
import { formatDuration, formatMoney, productZone, zoneName } from '@/lib/format';
import { productPath, productTitle, sameProduct, type ProductKey } from '@/features/booking/labels';
import {
  addDays,
  dayTimeframe,
  defaultTimeframe,
  endIsOver,
  hoursFromNow,
  isLocalDateTime,
  startAfterEnd,
  startsInPast,
  todayIn,
  type Timeframe,
} from '@/features/booking/time';
import { AppError } from '@/lib/errors';
import { useFieldMessage } from '@/lib/field-message';

const heights = ['small', 'big'] as const;
const temperatures = ['cool', 'neutral', 'warm'] as const;

/**
 * The timeframe step of flow 1 (.../locker/:height/:type/:temperature/timeframe[/:start/:end]).
 * The URL carries the chosen local times, so a reload or a shared link keeps them.
 * Times are the station's wall clock; defaults are 00:01 and 23:59 (spec §3).
 */
export default function BookTimeframePage() {
  const { t, i18n } = useTranslation('booking');
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const stationUuid = params.stationUuid ?? '';
  const product: ProductKey | null =
    heights.includes(params.height as 'small') && temperatures.includes(params.temperature as 'cool') && params.type
      ? { height: params.height as ProductKey['height'], type: params.type, temperature: params.temperature as ProductKey['temperature'] }
      : null;
  const station = useQuery(stationQuery(stationUuid));
  const tz = station.data?.timeZone ?? productZone;
  const fromUrl = params.start && params.end && isLocalDateTime(params.start) && isLocalDateTime(params.end);
  const tf: Timeframe = fromUrl ? { start: params.start!, end: params.end! } : defaultTimeframe(tz);

  const badOrder = startAfterEnd(tf, tz);
  const over = !badOrder && endIsOver(tf, tz);
  const valid = !badOrder && !over;
  const avail = useQuery({ ...availabilityQuery({ stationUuid, ...tf }), enabled: station.isSuccess && valid });
  const coupons = useQuery(couponsQuery);
  // The day list's free counts, from today over the days the picker offers.
  const today = todayIn(tz);
  const days = useQuery({
    ...freeDaysQuery({ stationUuid, height: product?.height ?? 'small', type: product?.type ?? '', temperature: product?.temperature ?? 'neutral', from: today, days: daysOffered }),
    enabled: station.isSuccess && product !== null,
  });
  const freeByDay = days.data ? new Map(days.data.days.map((d) => [d.date, d.free])) : undefined;
  const reserve = useReserve();
  const fieldMessage = useFieldMessage();
  const [createError, setCreateError] = useState<AppError | null>(null);

  // Start and end are committed one at a time; each change builds on the latest
  // committed timeframe, not on the one this render saw, so a quick start-then-end
  // edit keeps both (issue 14).
  const latest = useRef(tf);
  useEffect(() => {
    latest.current = { start: tf.start, end: tf.end };
  }, [tf.start, tf.end]);
  const setTf = (patch: Partial<Timeframe>, preset?: string) => {
    setCreateError(null);
    const next = { ...latest.current, ...patch };
    latest.current = next;
    // The preset tapped rides along in the history entry, so it shows as chosen until a field changes.
    if (product) void navigate(productPath(stationUuid, product, next), { replace: true, state: preset ? { preset } : null });
  };
  const chosenPreset = (location.state as { preset?: string } | null)?.preset ?? null;

  if (station.isPending) {
    return (
      <Page page="bookTimeframe">
        <BookingSteps current="time" />
        <LoadingState rows={2} />
      </Page>
    );
  }
  if (station.isError) {
    const code = AppError.from(station.error).appCode;
    const gone = code === 'STATION_NOT_FOUND' || code === 'STATION_NOT_AVAILABLE' || code === 'BAD_INPUT';
    return (
      <Page page="bookTimeframe">
        {gone ? (
          <NotFoundState message={t('station.notFound')} back={{ to: '/book/station', label: t('timeframe.otherStations') }} />
        ) : (
          <ErrorState
            onRetry={() => void station.refetch()}
            action={
              <Link to="/book/station" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                {t('timeframe.otherStations')}
              </Link>
            }
          />
        )}
      </Page>
    );
  }

  const s = station.data;
  const offer = product ? s.products.find((p) => sameProduct(p, product)) : undefined;
  if (!product || !offer) {
    // The station exists; the locker in the URL does not (a mistyped size or type).
    return (
      <Page page="bookTimeframe">
        <StationHeader station={s} />
        <NotFoundState message={t('timeframe.badProduct')} back={{ to: `/book/station/${s.uuid}`, label: t('timeframe.stationLockers') }} />
      </Page>
    );
  }
  const mine = avail.data?.products.find((p) => sameProduct(p, product));
  const createCode = createError?.appCode ?? null;
  const fullyBooked = (valid && mine !== undefined && mine.free === 0) || createCode === 'LOCKERS_NOT_AVAILABLE';
  const others = (avail.data?.products ?? []).filter((p) => !sameProduct(p, product) && p.free > 0);
  const coupon = coupons.data ? applicableCoupon(coupons.data, s.uuid) : null;
  const money = (c: number) => formatMoney(c, i18n.language);
  // A refused timeframe is the user's to fix at the field it is about, not a load
  // failure; the server's message says what is wrong (issue 26).
  const refused = fieldMessage(avail.isError ? avail.error : createError);
  const refusedField = refused?.field === 'start' || refused?.field === 'end' ? refused.field : null;
  const refusedText = refusedField ? (refused?.text ?? null) : null;
  // The price is the server's, for exactly what will be booked: a start in the past begins now.
  const booked = avail.data ? Math.round((new Date(avail.data.end).getTime() - new Date(avail.data.start).getTime()) / 60_000) : null;

  // One draft, one order (issue 26): Back, a reload or a second tab reserving the
  // same draft get the order it made, which the summary says the user holds already.
  const book = () => {
    setCreateError(null);
    reserve.mutate(
      { stationUuid: s.uuid, ...product, start: tf.start, end: tf.end },
      {
        onSuccess: ({ order, alreadyHeld }) => navigate(`/book/${order.uuid}`, { state: alreadyHeld ? { alreadyHeld } : null }),
        onError: (err) => {
          const e = AppError.from(err);
          setCreateError(e);
          if (e.appCode === 'LOCKERS_NOT_AVAILABLE') void avail.refetch();
        },
      },
    );
  };

  // Presets are computed when tapped, not when the screen was drawn (issue 28): "+2 hours"
  // tapped minutes after opening still starts now. Hour presets start at the next whole
  // minute, so the start is not in the past by the time it is booked.
  const quick: { key: string; label: string; tf: () => Timeframe }[] = [
    { key: 'today', label: t('timeframe.today'), tf: () => dayTimeframe(todayIn(tz)) },
    { key: 'tomorrow', label: t('timeframe.tomorrow'), tf: () => dayTimeframe(addDays(todayIn(tz), 1)) },
    ...[1, 2, 4].map((h) => ({ key: `${h}h`, label: t('timeframe.forHours', { count: h }), tf: () => hoursFromNow(h, tz) })),
  ];
  // A day preset is chosen whenever the times are its day; an hour preset while the times are still the ones it set.
  const isChosen = (q: (typeof quick)[number]) => {
    if (q.key === 'today' || q.key === 'tomorrow') {
      const d = q.tf();
      return d.start === tf.start && d.end === tf.end;
    }
    return chosenPreset === q.key;
  };

  return (
    <Page page="bookTimeframe">
      <BookingSteps current="time" />
      <StationHeader station={s} />
      {offer && <ProductCard product={offer} />}

      <Card className="grid gap-5">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('timeframe.quick')}>
          {quick.map((q) => {
            const on = isChosen(q);
            return (
              <Button key={q.key} variant={on ? 'default' : 'outline'} size="sm" aria-pressed={on} data-preset={q.key} onClick={() => setTf(q.tf(), q.key)}>
                {q.label}
              </Button>
            );
          })}
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          <DateTimeFields
            which="start"
            value={tf.start}
            min={today}
            invalid={badOrder}
            error={refusedField === 'start' ? refusedText : null}
            freeByDay={freeByDay}
            onChange={(start) => setTf({ start })}
          />
          <DateTimeFields
            which="end"
            value={tf.end}
            min={today}
            invalid={badOrder || over}
            error={refusedField === 'end' ? refusedText : null}
            freeByDay={freeByDay}
            onChange={(end) => setTf({ end })}
          />
        </div>
        <p className="text-xs text-muted-foreground">{t('common.stationTime', { zone: `${s.timeZone}, ${zoneName(new Date(), tz, i18n.language)}` })}</p>
        {badOrder && <Notice tone="error">{t('timeframe.startAfterEnd')}</Notice>}
        {over && <Notice tone="error">{t('timeframe.over')}</Notice>}
        {valid && startsInPast(tf, tz) && <Notice tone="info">{t('timeframe.startsNow')}</Notice>}
        {valid && booked !== null && (
          <p className="text-sm" data-testid="timeframe-duration" data-minutes={booked}>
            {t('timeframe.duration', { duration: formatDuration(booked, i18n.language) })}
          </p>
        )}
      </Card>

      {valid && avail.isPending && <InlineLoading label={t('timeframe.checking')} />}
      {valid && avail.isError && !refusedField && <ErrorState onRetry={() => void avail.refetch()} />}

      {valid && fullyBooked && (
        <Card className="grid gap-4 border-amber-300 bg-amber-50" >
          <div role="alert" className="grid gap-1">
            <p className="font-semibold text-amber-950" data-testid="fully-booked">
              {t('timeframe.fullyBooked')}
            </p>
            <p className="text-sm text-amber-900">{t('timeframe.fullyBookedHint')}</p>
          </div>
          {others.length > 0 && (
            <div className="grid gap-2">
              <p className="text-sm font-medium">{t('timeframe.otherTypes')}</p>
              <ul className="grid gap-2">
                {others.map((p) => (
                  <li key={`${p.height}/${p.type}/${p.temperature}`}>
                    <ProductCard
                      product={p}
                      to={productPath(s.uuid, p, tf)}
                      aside={
                        <>
                          <span className="font-semibold tabular-nums">{money(p.price.cents)}</span>
                          <span className="text-xs font-medium text-emerald-700">{t('product.freeCount', { count: p.free })}</span>
                        </>
                      }
                    />
                  </li>
                ))}
              </ul>
            </div>
          )}
          <Link to="/book/station" className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-fit' })}>
            {t('timeframe.otherStations')}
          </Link>
        </Card>
      )}

      {valid && mine && !fullyBooked && (
        <Card className="grid gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <div>
              <p className="text-sm text-muted-foreground">{t('timeframe.available')}</p>
              <p className="font-medium">{productTitle(t, product)}</p>
              <p className="text-sm font-medium text-emerald-700" data-free={mine.free}>
                {t('product.freeCount', { count: mine.free })}
              </p>
            </div>
            <div className="text-right">
              <p className="text-2xl font-semibold tabular-nums" data-testid="timeframe-price">
                {money(mine.price.cents)}
              </p>
              <p className="text-xs text-muted-foreground">
                {t('common.vatIncluded', { percent: mine.price.vatPercent, amount: money(mine.price.vatCents) })}
              </p>
            </div>
          </div>
          {booked !== null && <BillingRule rate={offer} minutes={booked} priceCents={mine.price.cents} />}
          {coupon && (
            <Notice tone="success" className="flex items-center gap-2">
              <Ticket className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {couponName(coupon, i18n.language)}: {t('timeframe.couponNote')}
              </span>
            </Notice>
          )}
          {createCode && !refusedField && createCode !== 'START_AFTER_END' && createCode !== 'GENERAL_ERROR' && (
            <Notice tone="error">
              {createCode === 'STATION_NOT_AVAILABLE'
                ? t('station.notFound')
                : // A hold cap names itself ("at most 3 unpaid bookings at a time"): the server's words.
                  refused?.field === 'count'
                  ? refused.text
                  : t('common.loadFailed', { ns: 'translation' })}
            </Notice>
          )}
          <Button size="lg" className="w-full sm:w-fit" loading={reserve.isPending} onClick={book}>
            {t('timeframe.book')}
            <ArrowRight aria-hidden="true" />
          </Button>
        </Card>
      )}
    </Page>
  );
}
