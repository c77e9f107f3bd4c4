import { LocateFixed, Map as MapIcon, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { stationsQuery } from '@/queries/stations';
import { intlLocale } from '@/lib/format';
import { byDistance, distanceKm, formatDistance, placed } from '../geo';
import { matchesStation } from '../map';
import { useNearMe } from '../use-near-me';
import { StationCard } from './station-card';
import { StationMap } from './station-map';

/**
 * StationList is the searchable station list of /book/station with its map; the
 * user's default station comes first, or the nearest when they share their location.
 */
export function StationList({ defaultStationId: defaultId }: { defaultStationId: string | null }) {
  const { t, i18n } = useTranslation('booking');
  const id = useId();
  const [query, setQuery] = useState('');
  const stations = useQuery(stationsQuery);
  const [near, askNear] = useNearMe();
  // On a phone the map sits above the list and folds away on request (issue 28); wider screens always show it.
  const [mapOpen, setMapOpen] = useState(true);
  if (stations.isPending) return <LoadingState />;
  if (stations.isError) return <ErrorState onRetry={() => void stations.refetch()} />;
  if (stations.data.length === 0) return <EmptyState message={t('stations.empty')} />;
  const me = near.state === 'on' ? near.at : null;
  const sorted = me
    ? byDistance(stations.data, me)
    : [...stations.data].sort((a, b) => Number(b.uuid === defaultId) - Number(a.uuid === defaultId));
  const shown = sorted.filter((s) => matchesStation(s, query));
  const away = (s: (typeof shown)[number]) =>
    me && placed(s) ? t('stations.distance', { distance: formatDistance(distanceKm(me, s), intlLocale(i18n.language)) }) : undefined;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative min-w-0 flex-1 basis-56">
          <label htmlFor={id} className="sr-only">
            {t('stations.search')}
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={id}
            type="search"
            value={query}
            placeholder={t('stations.searchPlaceholder')}
            className="pl-9"
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <Button variant={me ? 'default' : 'outline'} aria-pressed={!!me} loading={near.state === 'asking'} onClick={askNear}>
          {near.state !== 'asking' && <LocateFixed aria-hidden="true" />}
          {t('stations.nearMe')}
        </Button>
        <Button variant="outline" className="sm:hidden" aria-expanded={mapOpen} aria-controls={`${id}-map`} onClick={() => setMapOpen((o) => !o)}>
          <MapIcon aria-hidden="true" />
          {mapOpen ? t('stations.hideMap') : t('stations.showMap')}
        </Button>
      </div>
      <p role="status" className={near.state === 'off' ? 'sr-only' : 'text-sm text-muted-foreground'}>
        {near.state === 'asking' && t('stations.nearMeBusy')}
        {near.state === 'on' && t('stations.nearMeOn')}
      </p>
      {(near.state === 'denied' || near.state === 'unavailable') && (
        <Notice tone="info">{near.state === 'denied' ? t('stations.nearMeDenied') : t('stations.nearMeUnavailable')}</Notice>
      )}
      <div id={`${id}-map`} className={mapOpen ? undefined : 'max-sm:hidden'}>
        <StationMap stations={shown} defaultId={defaultId} me={me} />
      </div>
      {shown.length === 0 ? (
        <EmptyState
          message={t('stations.none', { query })}
          action={
            <Button variant="outline" onClick={() => setQuery('')}>
              {t('stations.clearSearch')}
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3" aria-label={t('stations.allStations')}>
          {shown.map((s) => (
            <li key={s.uuid}>
              <StationCard station={s} to={`/book/station/${s.uuid}`} isDefault={s.uuid === defaultId} distance={away(s)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
