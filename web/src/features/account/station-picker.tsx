import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useTranslation } from '@/i18n';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { RadioCards } from '@/components/ui/radio-cards';
import { stationsQuery } from '@/queries/stations';

/** StationPicker lists the stations as radio cards for choosing the default one. */
export function StationPicker({ value, onChange }: { value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation('account');
  const stations = useQuery(stationsQuery);
  if (stations.isPending) return <LoadingState />;
  if (stations.isError) return <ErrorState message={t('station.loadError')} onRetry={() => void stations.refetch()} />;
  if (stations.data.length === 0) return <EmptyState message={t('station.none')} />;
  return (
    <RadioCards
      name="station"
      label={t('profile.station')}
      value={value}
      onChange={onChange}
      options={stations.data.map((s) => ({
        value: s.uuid,
        title: (
          <span className="flex items-center gap-2">
            <MapPin className="size-4 text-primary" aria-hidden="true" />
            {s.name}
          </span>
        ),
        description: [s.address, s.city].filter(Boolean).join(', '),
        aside: !s.online ? (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{t('station.offline')}</span>
        ) : undefined,
      }))}
    />
  );
}
