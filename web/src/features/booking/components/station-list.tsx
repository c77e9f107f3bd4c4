import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { Input } from '@/components/ui/input';
import { stationsQuery } from '../api';
import { matchesStation } from '../map';
import { StationCard } from './station-card';
import { StationMap } from './station-map';

/** StationList is the searchable station list of /book/station; the user's default station comes first. */
export function StationList({ defaultStationId: defaultId }: { defaultStationId: string | null }) {
  const { t } = useTranslation('booking');
  const id = useId();
  const [query, setQuery] = useState('');
  const stations = useQuery(stationsQuery);
  if (stations.isPending) return <LoadingState />;
  if (stations.isError) return <ErrorState onRetry={() => void stations.refetch()} />;
  const sorted = [...stations.data].sort((a, b) => Number(b.uuid === defaultId) - Number(a.uuid === defaultId));
  const shown = sorted.filter((s) => matchesStation(s, query));
  if (stations.data.length === 0) return <EmptyState message={t('stations.empty')} />;
  return (
    <div className="grid gap-4">
      <div className="relative">
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
      <StationMap stations={shown} defaultId={defaultId} />
      {shown.length === 0 ? (
        <EmptyState message={t('stations.none', { query })} />
      ) : (
        <ul className="grid gap-3" aria-label={t('stations.allStations')}>
          {shown.map((s) => (
            <li key={s.uuid}>
              <StationCard station={s} to={`/book/station/${s.uuid}`} isDefault={s.uuid === defaultId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
