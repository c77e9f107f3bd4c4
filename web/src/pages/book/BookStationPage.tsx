import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { EmptyState, ErrorState, InlineLoading, LoadingState, NotFoundState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { availabilityQuery, stationQuery } from '@/features/booking/api';
import { ProductCard } from '@/features/booking/components/product-card';
import { StationHeader } from '@/features/booking/components/station-header';
import { BookingSteps } from '@/features/booking/components/steps';
import { formatMoney, productZone } from '@/lib/format';
import { productPath, sameProduct } from '@/features/booking/labels';
import { defaultTimeframe } from '@/features/booking/time';
import { AppError } from '@/lib/errors';

/**
 * /book/station/:stationUuid — the station's kinds of lockers with inside measures,
 * tariff, and today's free count and price; choosing one opens the timeframe step.
 */
export default function BookStationPage() {
  const { t, i18n } = useTranslation('booking');
  const { stationUuid = '' } = useParams();
  const station = useQuery(stationQuery(stationUuid));
  const tz = station.data?.timeZone ?? productZone;
  const today = defaultTimeframe(tz);
  const avail = useQuery({ ...availabilityQuery({ stationUuid, ...today }), enabled: station.isSuccess });
  const money = (c: number) => formatMoney(c, i18n.language);

  if (station.isPending) {
    return (
      <Page page="bookStation">
        <BookingSteps current="locker" />
        <LoadingState />
      </Page>
    );
  }
  if (station.isError) {
    const code = AppError.from(station.error).appCode;
    const gone = code === 'STATION_NOT_FOUND' || code === 'STATION_NOT_AVAILABLE' || code === 'BAD_INPUT';
    return (
      <Page page="bookStation">
        {gone ? (
          <NotFoundState message={t('station.notFound')} back={{ to: '/book/station', label: t('timeframe.otherStations') }} />
        ) : (
          <ErrorState onRetry={() => void station.refetch()} />
        )}
      </Page>
    );
  }
  const s = station.data;
  return (
    <Page page="bookStation">
      <BookingSteps current="locker" />
      <StationHeader station={s} />
      {!s.online && <Notice tone="warning">{t('station.offlineNote')}</Notice>}
      <section className="grid gap-3" aria-labelledby="station-products">
        <div>
          <h2 id="station-products" className="text-lg font-semibold">
            {t('station.lockersToday')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('station.lockersLead')}</p>
        </div>
        {avail.isPending && <InlineLoading label={t('timeframe.checking')} />}
        {s.products.length === 0 ? (
          <EmptyState
            message={t('station.noProducts')}
            action={
              <Link to="/book/station" className={buttonVariants({ variant: 'outline' })}>
                {t('timeframe.otherStations')}
              </Link>
            }
          />
        ) : (
          <ul className="grid gap-3">
            {s.products.map((p) => {
              const a = avail.data?.products.find((x) => sameProduct(x, p));
              return (
                <li key={`${p.height}/${p.type}/${p.temperature}`}>
                  <ProductCard
                    product={p}
                    to={productPath(s.uuid, p)}
                    aside={
                      <>
                        <span className="font-semibold tabular-nums">{t('product.perDay', { price: money(p.dailyCents) })}</span>
                        <span className="text-xs text-muted-foreground tabular-nums">{t('product.perHour', { price: money(p.hourlyCents) })}</span>
                        {a && (
                          <span
                            className={a.free > 0 ? 'text-xs font-medium text-emerald-700' : 'text-xs font-medium text-destructive'}
                            data-free={a.free}
                          >
                            {a.free > 0 ? t('product.freeCount', { count: a.free }) : t('product.noneFree')}
                          </span>
                        )}
                      </>
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Page>
  );
}
