// The network view's map: Leaflet in a chunk of its own that only /admin/network loads
// (network-map-lazy.tsx imports it lazily). Each pin is a station coloured by its link
// (green online, red offline, grey never heard) with its open alarms; a pin opens the
// station's grid. The pins are HTML, so no marker image is fetched.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { AdminNetworkStation } from '@/api/generated/app-router';
import { useTranslation } from '@/i18n';
import { useTileMap } from '@/lib/use-tile-map';

export interface NetworkMapProps {
  stations: AdminNetworkStation[];
  tileUrl: string;
  attribution: string;
  onTilesFailed: () => void;
}

const colours = { online: '#059669', offline: '#dc2626', never: '#71717a' } as const;

export default function NetworkMap({ stations, tileUrl, attribution, onTilesFailed }: NetworkMapProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { box, map, pins } = useTileMap(tileUrl, attribution, onTilesFailed);

  useEffect(() => {
    const m = map.current;
    const layer = pins.current;
    if (!m || !layer) return;
    layer.clearLayers();
    const shown = stations.filter((s) => Number.isFinite(s.latitude) && Number.isFinite(s.longitude) && (s.latitude !== 0 || s.longitude !== 0));
    for (const s of shown) {
      const label = t('network.pin', { name: s.name, link: t(`network.link.${s.link}`), count: s.openAlarms });
      const icon = L.divIcon({
        className: '',
        html: `<span data-network-pin="${s.uuid}" data-link="${s.link}" style="display:grid;place-items:center;width:32px;height:32px;border-radius:9999px;border:3px solid #fff;background:${colours[s.link]};color:#fff;font:600 13px/1 system-ui,sans-serif;box-shadow:0 2px 6px rgb(0 0 0 / .3)">${s.openAlarms > 0 ? s.openAlarms : ''}</span>`,
        iconSize: [32, 32],
        iconAnchor: [16, 16],
      });
      const marker = L.marker([s.latitude, s.longitude], { icon, title: label, keyboard: true })
        .on('click', () => void navigate(`/admin/network?station=${s.uuid}`))
        .on('keypress', (e: L.LeafletKeyboardEvent) => {
          if (e.originalEvent.key === 'Enter') void navigate(`/admin/network?station=${s.uuid}`);
        });
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label)).addTo(layer);
    }
    const points: L.LatLngExpression[] = shown.map((s) => [s.latitude, s.longitude]);
    if (points.length === 1) m.setView(points[0]!, 14);
    else if (points.length > 1) m.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 14 });
    else m.setView([58.7, 25.0], 6);
  }, [stations, t, navigate, map, pins]);

  return <div ref={box} data-testid="network-map" role="region" aria-label={t('network.map')} className="h-72 w-full rounded-2xl border" />;
}
