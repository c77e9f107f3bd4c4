import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/app/layouts/page-suspense';
import { Button } from '@/components/ui/button';
import { RadioCards } from '@/components/ui/radio-cards';
import { stationListQuery } from './queries';
import { formAlert } from './styles';


/** StationPicker lists the stations as radio cards for choosing the default one. */
export function StationPicker({ value, onChange }: { value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const stations = useQuery(stationListQuery);
  if (stations.isPending) return <PageLoading />;
  if (stations.isError) {
    return (
      <div role="alert" className={`${formAlert} flex flex-wrap items-center justify-between gap-3`}>
        <span>{t('station.loadError')}</span>
        <Button variant="outline" size="sm" onClick={() => void stations.refetch()}>
          {tc('common.retry')}
        </Button>
      </div>
    );
  }
  if (stations.data.length === 0) return <p className="text-muted-foreground">{t('station.none')}</p>;
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
