import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { StationView } from '@/api/generated/app-router';
import { freeNow } from '../geo';

/**
 * SchematicMap is a tile-free schematic map: stations with coordinates are placed by
 * latitude and longitude on a plain surface, so it needs no map service and no
 * library and always renders offline. Each dot carries the station's free count and
 * links to it. It is hidden when fewer than two stations have coordinates (a lone dot
 * says nothing). On a phone the drawing is narrower, so its labels stay readable.
 */
export function SchematicMap({ stations, defaultId, note }: { stations: StationView[]; defaultId: string | null; note?: string }) {
  const { t } = useTranslation('booking');
  const wide = useWide();
  const placed = stations.filter((s) => Number.isFinite(s.latitude) && Number.isFinite(s.longitude) && !(s.latitude === 0 && s.longitude === 0));
  if (placed.length < 2) return null;
  const lats = placed.map((s) => s.latitude);
  const lons = placed.map((s) => s.longitude);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  // Longitude degrees shrink towards the poles; scale them so distances look right.
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const w = Math.max((maxLon - minLon) * k, 0.01);
  const h = Math.max(maxLat - minLat, 0.01);
  const pad = 0.12;
  const W = wide ? 600 : 360;
  const H = Math.min(wide ? 220 : 240, Math.max(150, (W * h) / w));
  const x = (lon: number) => W * pad + (((lon - minLon) * k) / w) * W * (1 - 2 * pad);
  const y = (lat: number) => H * pad + ((maxLat - lat) / h) * H * (1 - 2 * pad);
  return (
    <figure
      data-testid="schematic-map"
      className="overflow-hidden rounded-2xl border bg-[linear-gradient(135deg,oklch(0.96_0.02_185),oklch(0.98_0.01_220))]"
    >
      <svg viewBox={`0 0 ${W} ${H}`} className="block h-auto w-full" role="group" aria-label={t('stations.map')}>
        <defs>
          <pattern id="station-grid" width="40" height="40" patternUnits="userSpaceOnUse">
            <path d="M40 0H0V40" fill="none" stroke="oklch(0.9 0.02 190)" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width={W} height={H} fill="url(#station-grid)" />
        {/* A group, not an image: its station links are interactive. Each link is named by
            its label (the station and its free count) and shows the name; the count drawn in
            the dot lies over the link, outside it, so the link's visible text stays its name
            (WCAG 2.5.3), and lets clicks through to it. */}
        {labelled(placed, x, y, W).map(({ s, cx, cy, ly, anchor }) => {
          const isDefault = s.uuid === defaultId;
          const free = freeNow(s);
          return (
            <g key={s.uuid}>
              <Link to={`/book/station/${s.uuid}`} aria-label={t('stations.pin', { name: s.name, count: free })}>
                <circle cx={cx} cy={cy} r={isDefault ? 15 : 13} className="fill-primary" opacity={0.18} />
                <circle cx={cx} cy={cy} r={10} className={free > 0 ? 'fill-primary' : 'fill-zinc-600'} stroke="#fff" strokeWidth="2" />
                <text
                  x={anchor === 'end' ? cx - 16 : cx + 16}
                  y={ly + 4}
                  textAnchor={anchor}
                  className="fill-foreground text-[13px] font-medium"
                  paintOrder="stroke"
                  stroke="#fff"
                  strokeWidth="4"
                >
                  {s.name}
                </text>
              </Link>
              <text
                x={cx}
                y={cy + 4}
                textAnchor="middle"
                className="pointer-events-none fill-white text-[11px] font-semibold"
                data-station-free={s.uuid}
                aria-hidden="true"
              >
                {free}
              </text>
            </g>
          );
        })}
      </svg>
      {note && <figcaption className="border-t bg-card/80 px-4 py-2 text-xs text-muted-foreground">{note}</figcaption>}
    </figure>
  );
}

interface Placed {
  s: StationView;
  cx: number;
  cy: number;
  /** The label's baseline centre; moved down when it would cover another label. */
  ly: number;
  anchor: 'start' | 'end';
}

/**
 * labelled places each station's dot (moved down off another dot) and its name next
 * to it, shifting a label down while it overlaps one already placed, so stations of
 * one city stay readable.
 */
function labelled(stations: StationView[], x: (lon: number) => number, y: (lat: number) => number, W: number): Placed[] {
  const out: Placed[] = [];
  const sorted = [...stations].sort((a, b) => b.latitude - a.latitude);
  for (const s of sorted) {
    const cx = x(s.longitude);
    let cy = y(s.latitude);
    // Two stations of one street would share a dot, and the count on top would hide the
    // other's: a dot that would cover another moves down until both show.
    while (out.some((p) => Math.hypot(p.cx - cx, p.cy - cy) < 24)) cy += 24;
    const anchor = cx > W * 0.6 ? 'end' : 'start';
    const width = s.name.length * 7.5;
    const left = anchor === 'end' ? cx - 16 - width : cx + 16;
    let ly = cy;
    const hits = (p: Placed) => {
      const pw = p.s.name.length * 7.5;
      const pl = p.anchor === 'end' ? p.cx - 16 - pw : p.cx + 16;
      return Math.abs(p.ly - ly) < 17 && left < pl + pw && pl < left + width;
    };
    while (out.some(hits)) ly += 17;
    out.push({ s, cx, cy, ly, anchor });
  }
  return out;
}

const wideQuery = '(min-width: 640px)';

/** useWide follows the sm breakpoint, so the drawing is redrawn when a phone turns. */
function useWide(): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const m = window.matchMedia(wideQuery);
      m.addEventListener('change', changed);
      return () => m.removeEventListener('change', changed);
    },
    () => typeof window.matchMedia !== 'function' || window.matchMedia(wideQuery).matches,
    () => true,
  );
}
