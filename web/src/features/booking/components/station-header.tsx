import { ExternalLink, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { StationView } from '@/api/generated/app-router';
import { cn } from '@/lib/utils';
import { mapUrl } from '../map';

/** StationHeader names the station a booking is for, with a way to change it. */
export function StationHeader({ station, className }: { station: StationView; className?: string }) {
  const { t } = useTranslation('booking');
  const map = mapUrl(station);
  return (
    <div className={cn('flex items-start gap-3 rounded-2xl border bg-card p-4 shadow-xs', className)}>
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
        <MapPin className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-semibold" data-testid="station-name">
          {station.name}
        </p>
        <p className="text-sm text-muted-foreground">
          {station.address}, {station.city}
        </p>
        {map && (
          <a href={map} target="_blank" rel="noreferrer" className="inline-flex w-fit items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline">
            {t('stations.openInMap')}
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        )}
      </div>
      <Link to="/book/station" className="shrink-0 text-sm font-medium text-primary underline-offset-4 hover:underline">
        {t('common.change')}
      </Link>
    </div>
  );
}
