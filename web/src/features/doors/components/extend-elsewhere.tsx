import { ArrowRightLeft } from 'lucide-react';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { AppError } from '@/lib/errors';
import { useExtendElsewhere, type LockerRef } from '../api';

interface Props {
  lockerRef: LockerRef;
  /** The new end as the extend form holds it (station-local). */
  end: string;
  /** "Small locker" and such: what kind the free one is. */
  product: string;
  onExtended: (order: OrderView) => void;
}

/**
 * ExtendElsewhere is the extend screen's fallback after ORDER_CANT_BE_EXTENDED:
 * the rental's compartment is booked after it, so it offers to move the rental
 * to a free one of the same kind at the station and extend it there, in one tap.
 */
export function ExtendElsewhere({ lockerRef, end, product, onExtended }: Props) {
  const { t } = useTranslation('booking');
  const move = useExtendElsewhere();
  const noneFree = move.isError && AppError.from(move.error).appCode === 'LOCKERS_NOT_AVAILABLE';
  return (
    <section className="grid gap-3 rounded-2xl border bg-card p-4" aria-labelledby="extend-elsewhere" data-testid="extend-elsewhere">
      <h3 id="extend-elsewhere" className="flex items-center gap-2 font-semibold">
        <ArrowRightLeft className="size-4 text-primary" aria-hidden="true" />
        {t('door.extendElsewhereTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('door.extendElsewhereBody', { product })}</p>
      {move.isError && <Notice tone="error">{noneFree ? t('door.extendElsewhereNoneFree') : t('door.failed')}</Notice>}
      {!noneFree && (
        <Button
          type="button"
          size="lg"
          className="justify-self-start"
          loading={move.isPending}
          onClick={() => move.mutate({ ...lockerRef, end }, { onSuccess: onExtended })}
        >
          {t('door.extendElsewhere')}
        </Button>
      )}
    </section>
  );
}
