import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { ProductTable } from '@/features/booking/components/product-table';
import { useSession } from '@/features/session/session';
import { stationsQuery } from '@/queries/stations';

/**
 * /products — one station's lockers as a comparison table (size × temperature) with
 * pictures, inside measures and prices (VAT included). The station is chosen at the
 * top and kept in the URL (?station=), so a shared link shows the same prices; it
 * starts at the user's default station.
 */
export default function ProductsPage() {
  const { t } = useTranslation('booking');
  const id = useId();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const stations = useQuery(stationsQuery);
  const list = stations.data ?? [];
  const wanted = params.get('station') ?? user?.defaultStationId ?? null;
  const station = list.find((s) => s.uuid === wanted) ?? list[0];
  return (
    <Page page="products">
      <p className="text-muted-foreground">{t('products.lead')}</p>
      {stations.isPending && <LoadingState rows={2} />}
      {stations.isError && <ErrorState onRetry={() => void stations.refetch()} />}
      {stations.isSuccess && list.length === 0 && <EmptyState message={t('stations.empty')} />}
      {station && (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <label htmlFor={id} className="grid min-w-0 flex-1 basis-60 gap-2 text-sm font-medium">
              {t('products.station')}
              <Select
                id={id}
                value={station.uuid}
                onChange={(e) => setParams({ station: e.target.value }, { replace: true })}
              >
                {list.map((s) => (
                  <option key={s.uuid} value={s.uuid}>
                    {s.name}, {s.city}
                  </option>
                ))}
              </Select>
            </label>
            <Link to={`/book/station/${station.uuid}`} className={buttonVariants({ variant: 'outline' })}>
              {t('products.book')}
            </Link>
          </div>
          <p className="text-sm text-muted-foreground">
            {station.address}, {station.city}
          </p>
          {station.products.length === 0 ? (
            <EmptyState message={t('products.none')} />
          ) : (
            <ProductTable station={station} />
          )}
          <p className="rounded-xl bg-secondary px-4 py-3 text-sm text-secondary-foreground">{t('products.priceRule')}</p>
        </>
      )}
    </Page>
  );
}
