import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminStatsInput, AdminStatsRow } from '@/api/generated/app-router';
import { EmptyState, ErrorState, InlineLoading, LoadingState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { allStationsQuery, fetchStatisticsCsv, statisticsQuery } from '@/features/admin/api';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText } from '@/features/admin/errors';
import { FilterBar } from '@/features/admin/filter-bar';
import { dayEnd, dayStart, formatMoney, formatNumber, formatPercent, utcDay } from '@/lib/format';
import { AdminFrame, Section } from '@/features/admin/frame';
import { useDownload } from '@/features/admin/use-download';
import { useTranslation } from '@/i18n';
import { aggregate, periodsBetween } from './statistics-data';
import { StationSelect } from './station-select';

// The charts (and recharts with them) load after the figures: the table is usable at once.
const StatisticsCharts = lazy(() => import('./statistics-charts'));

type Period = NonNullable<AdminStatsInput['period']>;

/** /admin/statistics — revenue, bookings, occupancy and rental length per day, week or month (UTC), by station, as charts, a table and CSV. */
export default function AdminStatisticsPage() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const [params, setParams] = useSearchParams();
  const periodParam = params.get('period');
  const applied = {
    from: params.get('from') ?? utcDay(-29),
    to: params.get('to') ?? utcDay(0),
    period: (periodParam === 'week' || periodParam === 'month' ? periodParam : 'day') as Period,
    station: params.get('station') ?? '',
    byStation: params.get('byStation') === '1',
  };
  const [form, setForm] = useState(applied);
  const input: AdminStatsInput = {
    from: dayStart(applied.from),
    to: dayEnd(applied.to),
    period: applied.period,
    stationUuid: applied.station || undefined,
    byStation: applied.byStation || undefined,
  };
  const stats = useQuery(statisticsQuery(input));
  const stations = useQuery(allStationsQuery);
  const { busy: downloading, failed: csvFailed, download: fetchAndSave } = useDownload();
  const stationName = (uuid: string) => stations.data?.find((s) => s.uuid === uuid)?.name ?? uuid.slice(0, 8);

  const download = () => fetchAndSave(() => fetchStatisticsCsv(input), `statistics-${applied.from}-${applied.to}-${applied.period}.csv`);

  const columns: Column<AdminStatsRow>[] = [
    { id: 'period', header: t('statistics.period'), primary: true, cell: (r) => (applied.byStation ? `${r.period} · ${stationName(r.stationUuid)}` : r.period) },
    { id: 'bookings', header: t('statistics.bookings'), end: true, cell: (r) => formatNumber(r.bookings, lng, 0) },
    { id: 'revenue', header: t('statistics.revenue'), end: true, cell: (r) => formatMoney(r.revenueCents, lng) },
    { id: 'occupancy', header: t('statistics.occupancy'), end: true, cell: (r) => formatPercent(r.occupancyPct, lng) },
    { id: 'avg', header: t('statistics.avgHours'), end: true, cell: (r) => formatNumber(r.avgRentalHours, lng) },
    { id: 'hours', header: t('statistics.lockerHours'), end: true, cell: (r) => formatNumber(r.bookedLockerHours, lng, 0) },
  ];

  let body;
  if (stats.isPending) body = <LoadingState rows={2} />;
  else if (stats.isError) body = <FormAlert>{adminErrorText(stats.error, t)}</FormAlert>;
  else if (!stats.data.length) body = <EmptyState message={t('statistics.none')} />;
  else {
    const totals = aggregate(stats.data, periodsBetween(applied.from, applied.to, applied.period));
    body = (
      <>
        <Suspense fallback={<InlineLoading label={t('statistics.loadingCharts')} />}>
          <StatisticsCharts
            points={totals}
            titles={{ revenue: t('statistics.revenue'), bookings: t('statistics.bookings'), occupancy: t('statistics.occupancy'), avgHours: t('statistics.avgHours') }}
            formatMoney={(euros) => formatMoney(Math.round(euros * 100), lng)}
            formatNumber={(n, percent) => (percent ? formatPercent(n, lng) : formatNumber(n, lng))}
          />
        </Suspense>
        <Section title={t('statistics.table')}>
          <DataList label={t('statistics.table')} rows={stats.data} columns={columns} rowKey={(r) => `${r.period}|${r.stationUuid}`} />
        </Section>
      </>
    );
  }

  return (
    <AdminFrame page="adminStatistics">
      <FilterBar
        onApply={() =>
          setParams(Object.fromEntries(Object.entries({ from: form.from, to: form.to, period: form.period, station: form.station, byStation: form.byStation ? '1' : '' }).filter(([, v]) => v)))
        }
      >
        <Field label={t('filter.from')}>{(control) => <Input {...control} required type="date" value={form.from} onChange={(e) => setForm((f) => ({ ...f, from: e.target.value }))} />}</Field>
        <Field label={t('filter.to')}>{(control) => <Input {...control} required type="date" value={form.to} onChange={(e) => setForm((f) => ({ ...f, to: e.target.value }))} />}</Field>
        <Field label={t('statistics.period')}>
          {(control) => (
            <Select {...control} value={form.period} onChange={(e) => setForm((f) => ({ ...f, period: e.target.value as Period }))}>
              <option value="day">{t('statistics.periods.day')}</option>
              <option value="week">{t('statistics.periods.week')}</option>
              <option value="month">{t('statistics.periods.month')}</option>
            </Select>
          )}
        </Field>
        <StationSelect value={form.station} onChange={(station) => setForm((f) => ({ ...f, station }))} />
        <Checkbox className="self-end pb-2" label={t('statistics.byStation')} checked={form.byStation} onChange={(e) => setForm((f) => ({ ...f, byStation: e.target.checked }))} />
      </FilterBar>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-muted-foreground">{t('statistics.utcNote')}</p>
        <Button variant="outline" className="ml-auto" loading={downloading} onClick={() => void download()}>
          {t('statistics.csv')}
        </Button>
      </div>
      {csvFailed && <ErrorState message={t('statistics.csvFailed')} onRetry={() => void download()} />}
      {body}
    </AdminFrame>
  );
}
