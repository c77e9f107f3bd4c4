import { ChevronRight, ExternalLink, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { StationView } from '@/api/generated/app-router';
import { cn } from '@/lib/utils';
import { freeNow } from '../geo';
import { mapUrl } from '../map';

/** StationCard is one station in a list: name, address, what is free now, state and a map link. */
export function StationCard({ station, to, isDefault, distance }: { station: StationView; to: string; isDefault?: boolean; distance?: string }) {
  const { t } = useTranslation('booking');
  const hours = station.openingHours === '24/7' ? t('stations.alwaysOpen') : t('stations.openingHours', { hours: station.openingHours });
  const map = mapUrl(station);
  const free = freeNow(station);
  return (
    <div
      data-station={station.uuid}
      className={cn('relative flex items-center gap-4 rounded-2xl border bg-card p-4 shadow-xs transition hover:border-primary/40 hover:shadow-sm', isDefault && 'border-primary/50')}
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
        <MapPin className="size-5" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <Link to={to} className="font-medium outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-ring">
          {station.name}
        </Link>
        <span className="text-sm text-muted-foreground">
          {station.address}, {station.city}
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {isDefault && <span className="rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-foreground">{t('stations.defaultStation')}</span>}
          <span>{hours}</span>
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className={cn('size-2 rounded-full', station.online ? 'bg-emerald-500' : 'bg-muted-foreground/50')} />
            {station.online ? t('stations.online') : t('stations.offline')}
          </span>
          <span className={cn('font-medium', free > 0 ? 'text-emerald-700' : 'text-muted-foreground')} data-free-now={free}>
            {t('stations.freeNow', { count: free })}
          </span>
          <span>{t('stations.lockerKinds', { count: station.products.length })}</span>
          {distance && <span data-distance>{distance}</span>}
        </span>
        {map && (
          <a
            href={map}
            target="_blank"
            rel="noreferrer"
            className="relative z-10 inline-flex w-fit items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('stations.openInMap')}
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        )}
      </span>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
