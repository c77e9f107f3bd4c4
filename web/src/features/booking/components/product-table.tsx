import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { ProductView, StationView } from '@/api/generated/app-router';
import { cn } from '@/lib/utils';
import { formatDimensions, formatMoney } from '@/lib/format';
import { productPath, productTitle, temperatureBand } from '../labels';
import { LockerPicture } from './locker-picture';
import { ProductIcon } from './product-icon';

const temperatureOrder = ['cool', 'neutral', 'warm'] as const;

/**
 * ProductTable compares one station's lockers at a glance: a row group per size
 * (and type), a column per temperature; each cell has the compartment's picture,
 * inside measures, price per day and per hour (VAT included), what is free now and
 * how many there are,
 * and leads to booking that kind. A kind the station does not have is a dash.
 */
export function ProductTable({ station }: { station: StationView }) {
  const { t, i18n } = useTranslation('booking');
  const money = (c: number) => formatMoney(c, i18n.language);
  const band = (temp: string) => {
    const p = station.products.find((x) => x.temperature === temp);
    return p ? temperatureBand(t, p, i18n.language) : '';
  };
  const temps = temperatureOrder.filter((temp) => station.products.some((p) => p.temperature === temp));
  const rows = [...new Map(station.products.map((p) => [`${p.height}/${p.type}`, p])).values()];
  const cell = (row: ProductView, temp: string) => station.products.find((p) => p.height === row.height && p.type === row.type && p.temperature === temp);
  return (
    <div className="overflow-x-auto rounded-2xl border bg-card shadow-xs">
      <table className="w-full table-fixed border-collapse text-sm" data-testid="product-table">
        <caption className="sr-only">{t('products.caption', { station: station.name })}</caption>
        <thead>
          <tr className="border-b bg-muted/50">
            {temps.map((temp) => (
              <th key={temp} scope="col" className="px-2 py-3 text-left align-top font-medium sm:px-4">
                <span className="flex items-center gap-2">
                  <span className="hidden sm:block">
                    <ProductIcon temperature={temp} height="small" />
                  </span>
                  <span className="grid">
                    <span>{t(`product.temperature.${temp}`)}</span>
                    {band(temp) && <span className="text-xs font-normal text-muted-foreground">{band(temp)}</span>}
                  </span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        {rows.map((row) => (
          <tbody key={`${row.height}/${row.type}`} className="border-b last:border-b-0">
            <tr>
              <th colSpan={temps.length} scope="colgroup" className="px-2 pt-3 text-left font-semibold sm:px-4">
                {productTitle(t, row)}
              </th>
            </tr>
            <tr>
              {temps.map((temp) => {
                const p = cell(row, temp);
                if (!p) {
                  return (
                    <td key={temp} className="px-2 pb-3 align-top text-muted-foreground sm:px-4">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t('products.notHere')}</span>
                    </td>
                  );
                }
                return (
                  <td key={temp} className="p-1 pb-2 align-top sm:p-2" data-product={`${p.height}/${p.type}/${p.temperature}`}>
                    <Link
                      to={productPath(station.uuid, p)}
                      className="grid gap-1 rounded-xl p-1 outline-none transition hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:grid-cols-[auto_1fr] sm:gap-x-3 sm:p-2"
                    >
                      <LockerPicture product={p} className="size-12 sm:row-span-4 sm:size-16" />
                      <span className="font-semibold tabular-nums" data-daily={p.dailyCents}>
                        {t('product.perDay', { price: money(p.dailyCents) })}
                      </span>
                      <span className="text-xs text-muted-foreground tabular-nums" data-hourly={p.hourlyCents}>
                        {t('product.perHour', { price: money(p.hourlyCents) })}
                      </span>
                      <span className="text-xs text-muted-foreground" title={t('product.dimensionsLabel')}>
                        {formatDimensions(p.dimensions, i18n.language)}
                      </span>
                      {/* Free and total on lines of their own: joined, they broke mid-phrase in a narrow cell. */}
                      <span className="grid text-xs">
                        <span className={cn('font-medium', p.freeNow > 0 ? 'text-emerald-700' : 'text-muted-foreground')}>
                          {p.freeNow > 0 ? t('stations.freeNow', { count: p.freeNow }) : t('product.noneFree')}
                        </span>
                        <span className="text-muted-foreground" data-total={p.total}>
                          {t('products.lockersTotal', { count: p.total })}
                        </span>
                      </span>
                    </Link>
                  </td>
                );
              })}
            </tr>
          </tbody>
        ))}
      </table>
    </div>
  );
}
