import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { stationsQuery } from '@/features/booking/api';
import { ProductCard } from '@/features/booking/components/product-card';
import { formatMoney } from '@/features/booking/format';
import { productPath } from '@/features/booking/labels';

/** /products — every kind of locker per station with inside measures and tariffs (VAT included). */
export default function ProductsPage() {
  const { t, i18n } = useTranslation('booking');
  const stations = useQuery(stationsQuery);
  const money = (c: number) => formatMoney(c, i18n.language);
  return (
    <Page page="products">
      <p className="text-muted-foreground">{t('products.lead')}</p>
      <p className="rounded-xl bg-secondary px-4 py-3 text-sm text-secondary-foreground">{t('products.priceRule')}</p>
      {stations.isPending && <LoadingState />}
      {stations.isError && <ErrorState onRetry={() => void stations.refetch()} />}
      {stations.isSuccess && stations.data.length === 0 && <EmptyState message={t('stations.empty')} />}
      {stations.data?.map((s) => (
        <section key={s.uuid} className="grid gap-3" aria-labelledby={`products-${s.uuid}`}>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h2 id={`products-${s.uuid}`} className="text-lg font-semibold">
                {s.name}
              </h2>
              <p className="text-sm text-muted-foreground">
                {s.address}, {s.city}
              </p>
            </div>
            <Link to={`/book/station/${s.uuid}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {t('products.book')}
            </Link>
          </div>
          {s.products.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('station.noProducts')}</p>
          ) : (
            <ul className="grid gap-2">
              {s.products.map((p) => (
                <li key={`${p.height}/${p.type}/${p.temperature}`}>
                  <ProductCard
                    product={p}
                    to={productPath(s.uuid, p)}
                    aside={
                      <>
                        <span className="font-semibold tabular-nums">{t('product.perDay', { price: money(p.dailyCents) })}</span>
                        <span className="text-xs text-muted-foreground tabular-nums">{t('product.perHour', { price: money(p.hourlyCents) })}</span>
                        <span className="text-xs text-muted-foreground">{t('products.lockersTotal', { count: p.total })}</span>
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </Page>
  );
}
