// The tiled station map: Leaflet with its CSS, in a chunk of its own that only the
// screens showing a map load (station-map.tsx imports it lazily). The pins are
// HTML (divIcon), so no marker image is fetched; Leaflet's CSS and the images it
// names are bundled by Vite, never loaded from a CDN.
import 'leaflet/dist/leaflet.css';
import './tile-map.css';
import L from 'leaflet';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { useTileMap } from '@/lib/use-tile-map';
import type { StationView } from '@/api/generated/app-router';
import { freeNow, placed, type LatLon } from '../geo';

export interface TileMapProps {
  stations: StationView[];
  defaultId: string | null;
  tileUrl: string;
  attribution: string;
  /** The user's position when they shared it: marked and kept in view. */
  me: LatLon | null;
  /** Called once when tiles cannot be loaded (none has loaded and one failed). */
  onTilesFailed: () => void;
}

export default function TileMap({ stations, defaultId, tileUrl, attribution, me, onTilesFailed }: TileMapProps) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const { box, map, pins } = useTileMap(tileUrl, attribution, onTilesFailed);

  // Pins follow the shown stations; the view fits them (and the user, when known).
  useEffect(() => {
    const m = map.current;
    const layer = pins.current;
    if (!m || !layer) return;
    layer.clearLayers();
    const shown = stations.filter(placed);
    for (const s of shown) {
      const free = freeNow(s);
      const label = t('stations.pin', { name: s.name, count: free });
      const icon = L.divIcon({
        className: '',
        html: `<span class="station-pin${s.uuid === defaultId ? ' station-pin-default' : ''}${free === 0 ? ' station-pin-full' : ''}" data-station-pin="${s.uuid}" data-free="${free}">${free}</span>`,
        iconSize: [36, 36],
        iconAnchor: [18, 18],
      });
      const marker = L.marker([s.latitude, s.longitude], { icon, title: label, keyboard: true, riseOnHover: true })
        .on('click', () => void navigate(`/book/station/${s.uuid}`))
        .on('keypress', (e: L.LeafletKeyboardEvent) => {
          if (e.originalEvent.key === 'Enter') void navigate(`/book/station/${s.uuid}`);
        });
      // Leaflet makes the pin a focusable button; its name would be the count
      // alone, so it is labelled with the station. The element exists once the
      // map has a view ('add'), which may come after this effect sets it.
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label)).addTo(layer);
    }
    if (me) L.circleMarker([me.latitude, me.longitude], { radius: 8, color: '#fff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 }).bindTooltip(t('stations.youAreHere')).addTo(layer);
    const points: L.LatLngExpression[] = shown.map((s) => [s.latitude, s.longitude]);
    if (me) points.push([me.latitude, me.longitude]);
    if (points.length === 1) m.setView(points[0]!, 15);
    else if (points.length > 1) m.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
    else m.setView([58.7, 25.0], 6); // Estonia, the product's home
  }, [stations, defaultId, me, t, navigate, map, pins]);

  return <div ref={box} data-testid="tile-map" role="region" aria-label={t('stations.map')} className="h-64 w-full rounded-2xl border sm:h-80" />;
}
