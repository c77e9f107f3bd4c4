import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminCompartment, AdminDoor, AdminStation } from '@/api/generated/app-router';
import { BackLink } from '@/components/back-link';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAdminAccess } from '@/features/admin/access';
import { compartmentEffectsQuery, hardwareQuery, stationQuery, stationsList, useAddCompartment, useCreateStation, useOpenDoor, useUpdateCompartment } from '@/features/admin/api';
import { ConfirmNoteDialog } from '@/features/admin/confirm-note-dialog';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText, appCodeOf, isStale } from '@/features/admin/errors';
import { FilterBar } from '@/features/admin/filter-bar';
import { formatInZone, formatNumber, formatWhen } from '@/lib/format';
import { AdminFrame, Badge, Section } from '@/features/admin/frame';
import { KeyPaged } from '@/features/admin/key-pager';
import { useKeyPaged } from '@/features/admin/use-key-paged';
import { useTranslation } from '@/i18n';
import { newIdempotencyKey } from '@/lib/idempotency';
import { emptyCompartment, emptyStation } from './station-defaults';
import { CompartmentDialog, StationForm } from './station-forms';
import { StationEditor } from './station-editor';
import { CompartmentEffects, EffectList } from './compartment-effects';
import { sameEffects } from './same-effects';
import { StationCredentials } from './station-credentials';
import { StationPrices } from './station-prices';

/** /admin/stations — stations and their compartments: create, edit, take out of service; ?station= opens one. */
export default function AdminStationsPage() {
  const [params] = useSearchParams();
  const stationUuid = params.get('station');
  return <AdminFrame page="adminStations">{stationUuid ? <StationDetail stationUuid={stationUuid} /> : <StationList />}</AdminFrame>;
}

function StationList() {
  const { t, i18n } = useTranslation('admin');
  const { may } = useAdminAccess();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const [creating, setCreating] = useState(false);
  const create = useCreateStation();
  const paged = useKeyPaged(stationsList(query));
  const columns: Column<AdminStation>[] = [
    {
      id: 'name',
      header: t('stations.fields.name'),
      primary: true,
      cell: (s) => (
        <Link to={`/admin/stations?station=${s.uuid}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {s.station.name}
        </Link>
      ),
    },
    { id: 'address', header: t('stations.fields.address'), cell: (s) => [s.station.address, s.station.city].filter(Boolean).join(', ') },
    { id: 'compartments', header: t('stations.compartments'), end: true, cell: (s) => s.compartments },
    { id: 'active', header: t('users.state'), cell: (s) => (s.station.active ? <Badge tone="good">{t('stations.active')}</Badge> : <Badge>{t('stations.inactive')}</Badge>) },
    { id: 'created', header: t('common.created'), cell: (s) => formatWhen(s.createdAt, i18n.language) },
  ];
  return (
    <>
      {may('runStations') && !creating && (
        <Button className="justify-self-start" onClick={() => setCreating(true)}>
          {t('stations.create')}
        </Button>
      )}
      {creating && (
        <Section title={t('stations.create')}>
          <StationForm
            initial={emptyStation}
            pending={create.isPending}
            error={create.error ? adminErrorText(create.error, t) : null}
            failure={create.error}
            onCancel={() => setCreating(false)}
            onSave={(station) => create.mutate({ station }, { onSuccess: (s) => navigate(`/admin/stations?station=${s.uuid}`) })}
          />
        </Section>
      )}
      <FilterBar
        onApply={() => setParams(text.trim() ? { q: text.trim() } : {})}
        onClear={() => {
          setText('');
          setParams({});
        }}
      >
        <Field label={t('stations.search')}>{(control) => <Input {...control} type="search" value={text} onChange={(e) => setText(e.target.value)} />}</Field>
      </FilterBar>
      <KeyPaged paged={paged} empty={t('stations.none')}>
        {(items) => <DataList label={t('stations.list')} rows={items} columns={columns} rowKey={(s) => s.uuid} />}
      </KeyPaged>
    </>
  );
}

type Editing = null | 'new' | AdminCompartment;

function StationDetail({ stationUuid }: { stationUuid: string }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const { may, isAdmin } = useAdminAccess();
  const { data, isPending, isError, error, refetch } = useQuery(stationQuery(stationUuid));
  const hardware = useQuery(hardwareQuery(stationUuid));
  const open = useOpenDoor();
  const [opening, setOpening] = useState<AdminCompartment | null>(null);
  const [opened, setOpened] = useState('');
  // One key per confirmed open dialog: a double-click or a retry opens the door once.
  const [openKey, setOpenKey] = useState('');
  const add = useAddCompartment();
  const change = useUpdateCompartment();
  const [editing, setEditing] = useState<Editing>(null);
  // The compartment whose service switch asks for its reason (and lists its rentals).
  const [switching, setSwitching] = useState<AdminCompartment | null>(null);
  // What the last out-of-service save did to the compartment's bookings.
  const [settled, setSettled] = useState<AdminCompartment | null>(null);
  // The preview changed between opening the dialog and confirming it: the operator confirms the new one.
  const [previewChanged, setPreviewChanged] = useState(false);
  const queries = useQueryClient();
  if (isPending) return <LoadingState />;
  if (isError) {
    if (appCodeOf(error) === 'STATION_NOT_FOUND') return <NotFoundState message={t('stations.notFound')} back={{ to: '/admin/stations', label: t('stations.back') }} />;
    return <ErrorState onRetry={() => void refetch()} />;
  }
  const st = data.station;
  const canRun = may('runStations');
  // A colleague's save in between: read the station again, so the screen shows what is true now.
  const stale = { onError: (err: unknown) => void (isStale(err) && refetch()) };
  // Taking a compartment out of service re-reads its bookings first: one booked while the dialog was
  // open is not moved or refunded unseen; the dialog shows the new list and asks again.
  const toggle = async (c: AdminCompartment, reason: string) => {
    if (!c.compartment.outOfService) {
      const q = compartmentEffectsQuery(stationUuid, c.uuid);
      const shown = queries.getQueryData(q.queryKey) ?? [];
      const now = await queries.fetchQuery({ ...q, staleTime: 0 });
      if (!sameEffects(shown, now)) {
        setPreviewChanged(true);
        return;
      }
    }
    setPreviewChanged(false);
    save(c, reason);
  };
  const save = (c: AdminCompartment, reason: string) =>
    change.mutate(
      { stationUuid, compartmentUuid: c.uuid, version: c.version, reason, compartment: { ...c.compartment, outOfService: !c.compartment.outOfService } },
      {
        onSuccess: (saved) => {
          setSwitching(null);
          setSettled(saved.effects?.length ? saved : null);
        },
        ...stale,
      },
    );
  const doors = new Map<string, AdminDoor>((hardware.data?.doors ?? []).map((d) => [d.compartmentUuid, d]));
  const doorCell = (c: AdminCompartment) => {
    const d = doors.get(c.uuid);
    if (!d) return '—';
    const tone = d.door === 'open' ? 'warn' : d.door === 'closed' ? 'good' : 'neutral';
    return (
      <span className="inline-flex flex-wrap items-center justify-end gap-1.5 md:justify-start" title={formatInZone(d.doorAt, lng, st.station.timeZone)}>
        <Badge tone={tone}>{t(`stations.doors.${d.door}`)}</Badge>
      </span>
    );
  };
  const celsiusCell = (c: AdminCompartment) => {
    const d = doors.get(c.uuid);
    if (!d || d.celsius === null) return '—';
    return (
      <span className={d.inRange ? undefined : 'font-medium text-destructive'} title={formatInZone(d.celsiusAt, lng, st.station.timeZone)}>
        {formatNumber(d.celsius, lng)} °C{d.inRange ? '' : ` · ${t('stations.outOfRange')}`}
      </span>
    );
  };
  const columns: Column<AdminCompartment>[] = [
    { id: 'label', header: t('stations.fields.label'), primary: true, cell: (c) => c.compartment.label },
    {
      id: 'kind',
      header: t('stations.kind'),
      cell: (c) =>
        [t(`orders.heights.${c.compartment.height}`), c.compartment.type === 'standard' ? '' : c.compartment.type, t(`stations.temperatures.${c.compartment.temperature}`)]
          .filter(Boolean)
          .join(' · '),
    },
    { id: 'dims', header: t('stations.dimensions'), cell: (c) => `${c.compartment.heightMm} × ${c.compartment.widthMm} × ${c.compartment.depthMm} mm` },
    { id: 'door', header: t('stations.door'), cell: doorCell },
    { id: 'celsius', header: t('stations.celsius'), cell: celsiusCell },
    {
      id: 'service',
      header: t('users.state'),
      cell: (c) => (c.compartment.outOfService ? <Badge tone="bad">{t('stations.outOfService')}</Badge> : <Badge tone="good">{t('stations.inService')}</Badge>),
    },
    ...(canRun
      ? [
          {
            id: 'act',
            header: t('common.actions'),
            end: true,
            cell: (c: AdminCompartment) => (
              <span className="inline-flex flex-wrap justify-end gap-1.5 md:flex-nowrap">
                <Button size="sm" variant="outline" loading={change.isPending && change.variables?.compartmentUuid === c.uuid} onClick={() => setSwitching(c)}>
                  {c.compartment.outOfService ? t('stations.putInService') : t('stations.takeOut')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setOpened('');
                    setOpenKey(newIdempotencyKey());
                    setOpening(c);
                  }}
                >
                  {t('stations.openDoor')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setEditing(c)}>
                  {t('stations.edit')}
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  const dialogMutation = editing === 'new' ? add : change;
  return (
    <>
      <BackLink to="/admin/stations" label={t('stations.back')} />
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">{st.station.name}</h2>
        {hardware.data && (
          <span className="inline-flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-controller={hardware.data.online ? 'online' : 'offline'}>
            <Badge tone={hardware.data.online ? 'good' : 'bad'}>{hardware.data.online ? t('stations.online') : t('stations.offline')}</Badge>
            {t('stations.lastSeen', { when: formatInZone(hardware.data.lastSeenAt, lng, st.station.timeZone) })}
          </span>
        )}
        {hardware.isError && <span className="text-sm text-muted-foreground">{t('stations.hardwareUnknown')}</span>}
      </div>
      {canRun ? (
        <Section title={t('stations.details')}>
          <StationEditor key={st.uuid} station={st} onStale={() => void refetch()} />
        </Section>
      ) : null}
      <StationPrices stationUuid={stationUuid} canEdit={canRun} />
      {isAdmin && <StationCredentials stationUuid={stationUuid} />}
      <Section
        title={t('stations.compartments')}
        actions={
          canRun && (
            <Button size="sm" onClick={() => setEditing('new')}>
              {t('stations.addCompartment')}
            </Button>
          )
        }
      >
        {change.error && !editing && !switching && <p role="alert" className="text-sm font-medium text-destructive">{adminErrorText(change.error, t)}</p>}
        {opened && (
          <p role="status" className="text-sm font-medium text-emerald-700">
            {opened}
          </p>
        )}
        {settled && (
          <div role="status" className="rounded-xl border p-3">
            <EffectList done effects={settled.effects ?? []} failed={settled.failed ?? []} title={`${settled.compartment.label}: ${t('effects.doneTitle')}`} timeZone={st.station.timeZone} />
          </div>
        )}
        {data.compartments.length ? (
          <DataList label={t('stations.compartments')} rows={data.compartments} columns={columns} rowKey={(c) => c.uuid} rowAttr={(c) => ({ 'data-compartment': c.compartment.label })} />
        ) : (
          <EmptyState message={t('stations.noCompartments')} />
        )}
      </Section>
      <ConfirmNoteDialog
        open={!!opening}
        onClose={() => {
          // Cancelled while the open is on its way: the server refuses it if it has not
          // arrived yet; if it has, onSuccess below still says the door opened.
          if (open.isPending) open.withdraw();
          setOpening(null);
          if (!open.isPending) open.reset();
        }}
        title={t('stations.openTitle', { label: opening?.compartment.label ?? '' })}
        description={t('stations.openBody')}
        confirmLabel={t('stations.openDoor')}
        noteLabel={t('users.reason')}
        pending={open.isPending}
        error={open.error ? adminErrorText(open.error, t) : null}
        onConfirm={(reason) =>
          opening &&
          open.mutate(
            { stationUuid, compartmentUuid: opening.uuid, reason, requestUuid: openKey },
            {
              onSuccess: (o) => {
                setOpening(null);
                setOpened(t('stations.opened', { label: o.label, until: formatInZone(o.closesAt, lng, st.station.timeZone) }));
              },
            },
          )
        }
      />
      <ConfirmNoteDialog
        open={!!switching}
        onClose={() => {
          setSwitching(null);
          setPreviewChanged(false);
          change.reset();
        }}
        title={switching?.compartment.outOfService ? t('stations.putInService') : t('stations.takeOut')}
        description={t('effects.outOfServiceHint')}
        confirmLabel={switching?.compartment.outOfService ? t('stations.putInService') : t('stations.takeOut')}
        noteLabel={t('effects.outOfServiceReason')}
        destructive={!switching?.compartment.outOfService}
        pending={change.isPending}
        error={change.error ? adminErrorText(change.error, t) : null}
        onConfirm={(reason) => void (switching && toggle(switching, reason))}
      >
        {previewChanged && (
          <p role="alert" className="text-sm font-medium text-destructive" data-preview-changed>
            {t('effects.previewChanged')}
          </p>
        )}
        {switching && !switching.compartment.outOfService && <CompartmentEffects stationUuid={stationUuid} compartmentUuid={switching.uuid} timeZone={st.station.timeZone} />}
      </ConfirmNoteDialog>
      {editing && (
        <CompartmentDialog
          serviceSwitch={editing === 'new'}
          title={editing === 'new' ? t('stations.addCompartment') : t('stations.editCompartment', { label: editing.compartment.label })}
          initial={editing === 'new' ? emptyCompartment : editing.compartment}
          pending={dialogMutation.isPending}
          error={dialogMutation.error ? adminErrorText(dialogMutation.error, t) : null}
          failure={dialogMutation.error}
          onClose={() => {
            setEditing(null);
            add.reset();
            change.reset();
          }}
          onSave={(compartment) => {
            const done = { onSuccess: () => setEditing(null) };
            if (editing === 'new') add.mutate({ stationUuid, compartment }, done);
            else change.mutate({ stationUuid, compartmentUuid: editing.uuid, version: editing.version, compartment }, { ...done, ...stale });
          }}
        />
      )}
    </>
  );
}
