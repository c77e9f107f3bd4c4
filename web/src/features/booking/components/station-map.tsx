import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/i18n';
import type { StationView } from '@/api/generated/app-router';
import { infoQuery } from '@/features/session/session';
import type { LatLon } from '../geo';
import { SchematicMap } from './schematic-map';

// Leaflet and its CSS load with the first screen that shows a map, not with the app.
const TileMap = lazy(() => import('./tile-map'));

/**
 * StationMap shows the stations on the tiled map the server configures
 * (system.info's mapTileUrl, OpenStreetMap by default). Without a tile URL, or
 * when the tiles cannot be loaded (offline, blocked, a server down), it shows the
 * schematic map instead, which needs nothing from the network.
 */
export function StationMap({ stations, defaultId, me }: { stations: StationView[]; defaultId: string | null; me: LatLon | null }) {
  const { t } = useTranslation('booking');
  const info = useQuery(infoQuery);
  const [failed, setFailed] = useState(false);
  if (info.isPending) return <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl border bg-card sm:h-80" />;
  const tileUrl = info.data?.mapTileUrl ?? '';
  if (!tileUrl || failed) {
    return <SchematicMap stations={stations} defaultId={defaultId} note={failed ? t('stations.mapFallback') : undefined} />;
  }
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-64 animate-pulse rounded-2xl border bg-card sm:h-80" />}>
      <TileMap
        stations={stations}
        defaultId={defaultId}
        me={me}
        tileUrl={tileUrl}
        attribution={info.data?.mapAttribution ?? ''}
        onTilesFailed={() => setFailed(true)}
      />
    </Suspense>
  );
}
