// The tiled Leaflet map both the station map (booking) and the network map
// (back office) draw their pins on. Only their lazy chunks import it, so Leaflet
// stays out of the entry.
import L from 'leaflet';
import { useEffect, useRef } from 'react';

/** escapeHtml keeps the configured attribution plain text: Leaflet inserts it as HTML. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * useTileMap makes a map in the box with the tile layer and a layer for pins,
 * living as long as the component. onTilesFailed is called once when tiles cannot
 * be loaded (none has loaded and one failed), so the screen can show its fallback.
 */
export function useTileMap(tileUrl: string, attribution: string, onTilesFailed: () => void) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pins = useRef<L.LayerGroup | null>(null);
  const failed = useRef(onTilesFailed);
  useEffect(() => {
    failed.current = onTilesFailed;
  }, [onTilesFailed]);

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { scrollWheelZoom: false, attributionControl: false });
    L.control.attribution({ prefix: false }).addTo(m);
    let loaded = false;
    L.tileLayer(tileUrl, { maxZoom: 19, attribution: escapeHtml(attribution) })
      .on('tileload', () => {
        loaded = true;
      })
      .on('tileerror', () => {
        if (!loaded) failed.current();
      })
      .addTo(m);
    pins.current = L.layerGroup().addTo(m);
    map.current = m;
    // The box changes size when a phone unfolds the map or turns: Leaflet measures again.
    const resized = new ResizeObserver(() => m.invalidateSize());
    resized.observe(box.current);
    return () => {
      resized.disconnect();
      m.remove();
      map.current = null;
    };
  }, [tileUrl, attribution]);

  return { box, map, pins };
}
