import { Thermometer } from 'lucide-react';
import { useTranslation } from '@/i18n';
import { useQuery } from '@tanstack/react-query';
import { temperaturesQuery, type LockerRef } from '../api';

const width = 320;
const height = 96;

/**
 * TemperatureChart is a cooled or warmed rental's temperature log as a small line
 * chart with its allowed band shaded, and the latest reading in words. Neutral
 * compartments and rentals without readings show nothing.
 */
export function TemperatureChart({ lockerRef }: { lockerRef: LockerRef }) {
  const { t } = useTranslation('booking');
  const q = useQuery(temperaturesQuery(lockerRef));
  const v = q.data;
  if (!v || v.min === null || v.max === null || v.readings.length === 0) return null;
  const values = v.readings.map((r) => r.celsius);
  const lo = Math.min(v.min, ...values) - 1;
  const hi = Math.max(v.max, ...values) + 1;
  const y = (c: number) => height - ((c - lo) / (hi - lo)) * height;
  // One reading (readings are stored when they move) is a level line across.
  const drawn = values.length === 1 ? [...values, ...values] : values;
  const x = (i: number) => (i / (drawn.length - 1)) * width;
  const points = drawn.map((c, i) => `${x(i).toFixed(1)},${y(c).toFixed(1)}`).join(' ');
  const last = values.at(-1) ?? 0;
  const inRange = last >= v.min && last <= v.max;
  return (
    <section className="grid gap-2 rounded-2xl border bg-card p-4 shadow-xs" aria-labelledby="temperature-log" data-testid="temperature-log">
      <h3 id="temperature-log" className="flex items-center gap-2 font-semibold">
        <Thermometer className="size-4 text-primary" aria-hidden="true" />
        {t('temperature.title')}
      </h3>
      <p className={inRange ? 'text-sm' : 'text-sm font-semibold text-destructive'}>
        {t(inRange ? 'temperature.now' : 'temperature.outOfRange', { celsius: last.toFixed(1), min: v.min, max: v.max })}
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-24 w-full" role="img" aria-label={t('temperature.chart', { min: v.min, max: v.max })}>
        <rect x="0" y={y(v.max)} width={width} height={y(v.min) - y(v.max)} className="fill-emerald-100" />
        <polyline points={points} fill="none" className="stroke-primary" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
    </section>
  );
}
