import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminGridCompartment, AdminNetworkStation, AdminOpenAlarm } from '@/api/generated/app-router';
import { BackLink } from '@/components/back-link';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { ConfirmNoteDialog } from '@/features/admin/confirm-note-dialog';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText, appCodeOf } from '@/features/admin/errors';
import { formatInZone } from '@/lib/format';
import { AdminFrame, Badge, Section } from '@/features/admin/frame';
import { networkQuery, stationGridQuery, useResolveAlarms } from '@/features/admin/api';
import { useListSort } from '@/features/admin/use-list-sort';
import { infoQuery } from '@/features/session/session';
import { useTranslation, type TFunction } from '@/i18n';
import { intlLocale } from '@/lib/money';
import { cn } from '@/lib/utils';

// Leaflet loads with this screen's map only, never with the back office's other screens.
const NetworkMap = lazy(() => import('@/features/admin/network-map'));

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const linkTone = { online: 'good', offline: 'bad', never: 'neutral' } as const;

/** /admin/network — the live network: every station's link, alarms and free compartments; ?station= opens its grid. */
export default function AdminNetworkPage() {
  const [params] = useSearchParams();
  const stationUuid = params.get('station');
  return <AdminFrame page="adminNetwork">{stationUuid ? <StationGrid stationUuid={stationUuid} /> : <NetworkList />}</AdminFrame>;
}

function LinkBadge({ link }: { link: AdminNetworkStation['link'] }) {
  const { t } = useTranslation('admin');
  return (
    <span data-link={link}>
      <Badge tone={linkTone[link]}>{t(`network.link.${link}`)}</Badge>
    </span>
  );
}

/** Counts are numbers in the operator's language ("1 234" in Estonian). */
function useCount() {
  const { i18n } = useTranslation();
  return (n: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(n);
}

function NetworkList() {
  const { t, i18n } = useTranslation('admin');
  const count = useCount();
  const q = useQuery(networkQuery());
  const sort = useListSort<AdminNetworkStation>('name', {
    name: (s) => s.name,
    link: (s) => ({ offline: 0, never: 1, online: 2 })[s.link],
    lastSeen: (s) => s.lastSeenAt,
    alarms: (s) => s.openAlarms,
    free: (s) => s.free,
  }, i18n.language);
  const { sorted } = sort;
  const rows = useMemo(() => sorted(q.data?.stations ?? []), [q.data, sorted]);
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorState message={t('network.failed')} onRetry={() => void q.refetch()} />;
  const n = q.data;
  const total = n.stations.reduce((a, s) => a + s.total, 0);
  const columns: Column<AdminNetworkStation>[] = [
    {
      id: 'name',
      header: t('stations.fields.name'),
      primary: true,
      sortable: true,
      cell: (s) => (
        <Link to={`/admin/network?station=${s.uuid}`} className={linkClass}>
          {s.name}
        </Link>
      ),
    },
    { id: 'city', header: t('stations.fields.city'), cell: (s) => s.city || '—' },
    { id: 'link', header: t('network.state'), sortable: true, cell: (s) => <LinkBadge link={s.link} /> },
    { id: 'lastSeen', header: t('network.lastHeartbeat'), sortable: true, cell: (s) => formatInZone(s.lastSeenAt, i18n.language, s.timeZone) },
    {
      id: 'alarms',
      header: t('network.openAlarms'),
      end: true,
      sortable: true,
      cell: (s) =>
        s.openAlarms > 0 ? (
          <Link to={`/admin/issues?station=${s.uuid}`} className={linkClass} data-alarms={s.openAlarms}>
            {count(s.openAlarms)}
          </Link>
        ) : (
          <span data-alarms="0">0</span>
        ),
    },
    {
      id: 'free',
      header: t('network.freeOfTotal'),
      end: true,
      sortable: true,
      cell: (s) => (
        <span data-free={s.free} data-total={s.total}>
          {t('network.freeCount', { free: count(s.free), total: count(s.total) })}
          {s.outOfService > 0 && <span className="text-muted-foreground"> · {t('network.outOfServiceCount', { count: s.outOfService })}</span>}
        </span>
      ),
    },
    { id: 'active', header: t('users.state'), cell: (s) => (s.active ? t('stations.active') : <Badge>{t('stations.inactive')}</Badge>) },
  ];
  return (
    <>
      <dl data-testid="network-counts" className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-online={n.online} data-offline={n.offline} data-never={n.never}>
        {(
          [
            ['online', t('network.counts.online'), n.online],
            ['offline', t('network.counts.offline'), n.offline],
            ['never', t('network.counts.never'), n.never],
            ['alarms', t('network.counts.alarms'), n.openAlarms],
            ['free', t('network.counts.free'), n.freeLockers],
          ] as const
        ).map(([id, label, value]) => (
          <div key={id} className={cn('grid gap-0.5 rounded-2xl border bg-card p-4', id === 'offline' && value > 0 && 'border-destructive/40')}>
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{count(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">{t('network.rule')}</p>
      <NetworkMapBox stations={n.stations} />
      <Section title={t('network.stations')}>
        {n.stations.length === 0 ? (
          <EmptyState message={t('stations.none')} />
        ) : (
          <>
            <DataList label={t('network.stations')} rows={rows} columns={columns} rowKey={(s) => s.uuid} rowAttr={(s) => ({ 'data-station': s.uuid })} sort={sort.sort} />
            <p className="text-sm text-muted-foreground" data-testid="network-totals">
              {t('network.totals', { stations: count(n.stations.length), free: count(n.freeLockers), total: count(total) })}
            </p>
            {n.truncated && <p className="text-sm text-amber-900">{t('network.truncated')}</p>}
          </>
        )}
      </Section>
    </>
  );
}

/** The map when the server configures tiles and they load; otherwise a note (the list is the same information). */
function NetworkMapBox({ stations }: { stations: AdminNetworkStation[] }) {
  const { t } = useTranslation('admin');
  const info = useQuery(infoQuery);
  const [failed, setFailed] = useState(false);
  const placeholder = <div aria-hidden="true" className="h-72 animate-pulse rounded-2xl border bg-card" />;
  if (info.isPending) return placeholder;
  const tileUrl = info.data?.mapTileUrl ?? '';
  if (!tileUrl || failed) return <p className="text-sm text-muted-foreground">{t('network.noMap')}</p>;
  return (
    <Suspense fallback={placeholder}>
      <NetworkMap stations={stations} tileUrl={tileUrl} attribution={info.data?.mapAttribution ?? ''} onTilesFailed={() => setFailed(true)} />
    </Suspense>
  );
}

function celsiusText(c: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(c);
}

function alarmKind(t: TFunction<'admin'>, kind: string): string {
  const known = ['door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline', 'unexpected_door_opening', 'user_report'] as const;
  return (known as readonly string[]).includes(kind) ? t(`issues.kinds.${kind as (typeof known)[number]}`) : kind;
}

function StationGrid({ stationUuid }: { stationUuid: string }) {
  const { t, i18n } = useTranslation('admin');
  const q = useQuery(stationGridQuery(stationUuid));
  const back = { to: '/admin/network', label: t('network.back') };
  if (q.isPending) return <LoadingState />;
  if (q.isError) {
    if (appCodeOf(q.error) === 'STATION_NOT_FOUND') return <NotFoundState message={t('stations.notFound')} back={back} />;
    return <ErrorState message={t('network.failed')} onRetry={() => void q.refetch()} />;
  }
  const { station: s, compartments, alarms } = q.data;
  const zone = s.timeZone;
  return (
    <>
      <BackLink {...back} />
      <Section
        title={s.name}
        actions={
          <Link to={`/admin/stations?station=${s.uuid}`} className={linkClass}>
            {t('network.editStation')}
          </Link>
        }
      >
        <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="station-link">
          <LinkBadge link={s.link} />
          <span>{t('network.lastHeartbeatAt', { when: formatInZone(s.lastSeenAt, i18n.language, zone) })}</span>
          <span>{t('network.freeCount', { free: s.free, total: s.total })}</span>
          <span className="text-muted-foreground">{t('network.zoneNote', { zone })}</span>
        </div>
      </Section>
      <AlarmList alarms={alarms} zone={zone} />
      <Section title={t('stations.compartments')}>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="compartment-grid">
          {compartments.map((c) => (
            <CompartmentCell key={c.uuid} c={c} zone={zone} />
          ))}
        </ul>
      </Section>
    </>
  );
}

function CompartmentCell({ c, zone }: { c: AdminGridCompartment; zone: string }) {
  const { t, i18n } = useTranslation('admin');
  const band =
    c.minCelsius != null && c.maxCelsius != null ? t('network.band', { min: celsiusText(c.minCelsius, i18n.language), max: celsiusText(c.maxCelsius, i18n.language) }) : '';
  return (
    <li
      data-compartment={c.label}
      className={cn('grid gap-1.5 rounded-2xl border bg-card p-4 text-sm', c.openAlarms > 0 && 'border-destructive/50', c.outOfService && 'bg-muted')}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-base font-semibold">{c.label}</span>
        <span className="text-muted-foreground">
          {t(`network.height.${c.height}`)} · {t(`stations.temperatures.${c.temperature}`)}
        </span>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {c.outOfService && <Badge tone="warn">{t('stations.outOfService')}</Badge>}
        <span data-door={c.door}>
          <Badge tone={c.door === 'open' ? 'warn' : 'neutral'}>
            {t('stations.door')}: {t(`stations.doors.${c.door}`)}
          </Badge>
        </span>
        {c.openAlarms > 0 && <Badge tone="bad">{t('network.alarmsCount', { count: c.openAlarms })}</Badge>}
      </div>
      {c.celsius != null && (
        <div className={cn(!c.inRange && 'font-medium text-destructive')} data-celsius={c.celsius}>
          {celsiusText(c.celsius, i18n.language)} °C{band && ` (${band})`}
          {!c.inRange && ` · ${t('stations.outOfRange')}`}
        </div>
      )}
      {c.orderUuid ? (
        <div className="grid gap-0.5" data-occupant={c.orderUuid}>
          <Link to={`/admin/orders?order=${c.orderUuid}`} className={cn(linkClass, 'font-mono text-xs break-all')} title={c.orderUuid}>
            {c.orderUuid}
          </Link>
          <span className="break-all">{c.userEmail}</span>
          <span className="text-muted-foreground">{t('network.until', { when: formatInZone(c.rentalEndsAt, i18n.language, zone) })}</span>
        </div>
      ) : (
        !c.outOfService && <div className="text-muted-foreground">{t('network.free')}</div>
      )}
    </li>
  );
}

function AlarmList({ alarms, zone }: { alarms: AdminOpenAlarm[]; zone: string }) {
  const { t, i18n } = useTranslation('admin');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState(false);
  const [requestUuid, setRequestUuid] = useState('');
  const [done, setDone] = useState<number | null>(null);
  const resolve = useResolveAlarms();
  const open = new Set(alarms.map((a) => a.issueUuid));
  const picked = [...chosen].filter((id) => open.has(id));
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Section
      title={t('network.alarms')}
      actions={
        alarms.length > 0 && (
          <>
            <Button variant="outline" onClick={() => setChosen(picked.length === alarms.length ? new Set() : new Set(alarms.map((a) => a.issueUuid)))}>
              {picked.length === alarms.length ? t('network.chooseNone') : t('network.chooseAll')}
            </Button>
            <Button
              disabled={picked.length === 0}
              onClick={() => {
                setRequestUuid(crypto.randomUUID());
                setDone(null);
                resolve.reset();
                setAsking(true);
              }}
            >
              {t('network.resolveChosen', { count: picked.length })}
            </Button>
          </>
        )
      }
    >
      {done != null && (
        <p role="status" className="text-sm text-emerald-800">
          {t('network.resolved', { count: done })}
        </p>
      )}
      {alarms.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-alarms">
          {t('network.noAlarms')}
        </p>
      ) : (
        <ul className="grid gap-2" data-testid="alarm-list">
          {alarms.map((a) => (
            <li key={a.issueUuid} className="flex items-center gap-3 rounded-xl border bg-card px-3 py-2 text-sm" data-alarm={a.kind}>
              <input
                type="checkbox"
                className="size-4"
                id={`alarm-${a.issueUuid}`}
                checked={chosen.has(a.issueUuid)}
                onChange={() => toggle(a.issueUuid)}
              />
              <label htmlFor={`alarm-${a.issueUuid}`} className="flex flex-1 flex-wrap gap-x-3">
                <span className="font-medium">{alarmKind(t, a.kind)}</span>
                {a.label && <span>{t('network.compartment', { label: a.label })}</span>}
                <span className="text-muted-foreground">{formatInZone(a.createdAt, i18n.language, zone)}</span>
              </label>
              {a.orderUuid && (
                <Link to={`/admin/orders?order=${a.orderUuid}`} className={linkClass} data-alarm-order={a.orderUuid}>
                  {t('network.alarmRental')}
                </Link>
              )}
              <Link to={`/admin/issues?issue=${a.issueUuid}`} className={linkClass}>
                {t('network.openIssue')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ConfirmNoteDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('network.resolveTitle', { count: picked.length })}
        description={t('network.resolveBody')}
        confirmLabel={t('network.resolveDo')}
        noteLabel={t('network.resolveNote')}
        pending={resolve.isPending}
        error={resolve.error ? adminErrorText(resolve.error, t) : null}
        onConfirm={(note) =>
          resolve.mutate(
            { issueUuids: picked, note, requestUuid },
            {
              onSuccess: (r) => {
                setAsking(false);
                setChosen(new Set());
                setDone(r.resolved);
              },
            },
          )
        }
      />
    </Section>
  );
}
