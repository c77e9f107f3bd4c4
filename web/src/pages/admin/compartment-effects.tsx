import { useQuery } from '@tanstack/react-query';
import type { AdminRentalEffect } from '@/api/generated/app-router';
import { LoadingState } from '@/components/page-states';
import { compartmentEffectsQuery } from '@/features/admin/api';
import { statusText } from '@/features/admin/columns';
import { formatInZone } from '@/lib/format';
import { useTranslation } from '@/i18n';

/**
 * CompartmentEffects lists, before an operator takes a compartment out of service, what
 * happens to each of its bookings: moved to a free compartment of the same kind, or
 * cancelled and refunded when none is free for its time (the save does the same).
 */
export function CompartmentEffects({ stationUuid, compartmentUuid, timeZone }: { stationUuid: string; compartmentUuid: string; timeZone: string }) {
  const { t } = useTranslation('admin');
  const { data, isPending, isError } = useQuery(compartmentEffectsQuery(stationUuid, compartmentUuid));
  if (isPending) return <LoadingState rows={1} />;
  if (isError) return <p className="text-sm text-destructive">{t('effects.previewFailed')}</p>;
  return <EffectList effects={data} timeZone={timeZone} title={data.length ? t('effects.previewTitle', { count: data.length }) : t('effects.previewNone')} />;
}

/** EffectList is a compartment's bookings and what becomes (or became) of each, on the station's clock. */
export function EffectList({ effects, title, timeZone, failed = [], done = false }: { effects: AdminRentalEffect[]; title: string; timeZone: string; failed?: string[]; done?: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  return (
    <div className="grid gap-2 text-sm" data-effects={effects.length}>
      <p className="font-medium">{title}</p>
      {effects.length > 0 && (
        <ul className="grid gap-1">
          {effects.map((e) => (
            <li key={e.orderLockerUuid} data-effect={e.effect} data-order={e.orderUuid}>
              <span className="text-muted-foreground">
                {e.userEmail || '—'} · {statusText(t, e.status)} · {formatInZone(e.start, lng, timeZone)} – {formatInZone(e.end, lng, timeZone)}:
              </span>{' '}
              <span className="font-medium">
                {failed.includes(e.orderUuid)
                  ? t('effects.refundFailed')
                  : e.effect === 'move'
                    ? t(done ? 'effects.movedTo' : 'effects.moveTo', { label: e.toLabel })
                    : t(done ? 'effects.refunded' : 'effects.refund')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
