import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { DimensionsView } from '@/api/generated/app-router';
import { cn } from '@/lib/utils';
import { formatDimensions } from '@/lib/format';
import { temperatureBand, productTitle, type ProductKey } from '../labels';
import { ProductIcon } from './product-icon';

interface ProductCardProps {
  product: ProductKey & { dimensions: DimensionsView; minCelsius?: number | null; maxCelsius?: number | null };
  /** Shown on the right: price and free count. */
  aside?: ReactNode;
  /** Makes the whole card a link. */
  to?: string;
  disabled?: boolean;
  children?: ReactNode;
}

/** ProductCard names a kind of locker: size, temperature and inside measures. */
export function ProductCard({ product, aside, to, disabled, children }: ProductCardProps) {
  const { t, i18n } = useTranslation('booking');
  const body = (
    <>
      <ProductIcon temperature={product.temperature} height={product.height} />
      {/* At least 7rem for the words: on the narrowest phones the price wraps below them
          instead of squeezing them into a column a few letters wide. */}
      <span className="grid min-w-0 flex-1 basis-28 gap-0.5">
        <span className="font-medium">{productTitle(t, product)}</span>
        <span className="text-sm text-muted-foreground">
          {t(`product.temperature.${product.temperature}`)}
          {product.minCelsius != null && <> · {temperatureBand(t, product, i18n.language)}</>}
        </span>
        <span className="text-sm text-muted-foreground" title={t('product.dimensionsLabel')}>
          {t('product.dimensions', { size: formatDimensions(product.dimensions, i18n.language) })}
        </span>
        {children}
      </span>
      {aside && <span className="ml-auto grid shrink-0 justify-items-end gap-1 text-right text-sm">{aside}</span>}
      {to && !disabled && <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />}
    </>
  );
  const cls = cn(
    'flex flex-wrap items-center gap-4 rounded-2xl border bg-card p-4 shadow-xs',
    to && !disabled && 'outline-none transition hover:border-primary/40 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-ring',
    disabled && 'opacity-70',
  );
  if (to && !disabled) {
    return (
      <Link to={to} className={cls} data-product={`${product.height}/${product.type}/${product.temperature}`}>
        {body}
      </Link>
    );
  }
  return (
    <div className={cls} data-product={`${product.height}/${product.type}/${product.temperature}`}>
      {body}
    </div>
  );
}
