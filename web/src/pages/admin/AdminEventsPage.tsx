import { NavLink, useSearchParams } from 'react-router';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { auditList, eventsList } from '@/features/admin/api';
import { CsvButton } from '@/features/admin/csv-button';
import { auditColumns, eventColumns } from '@/features/admin/columns';
import { DataList } from '@/features/admin/data-list';
import { FilterBar } from '@/features/admin/filter-bar';
import { dayEnd, dayStart, productZone } from '@/lib/format';
import { AdminFrame } from '@/features/admin/frame';
import { KeyPaged } from '@/features/admin/key-pager';
import { useKeyPaged } from '@/features/admin/use-key-paged';
import { useLogFilter } from '@/features/admin/use-log-filter';
import { useTranslation } from '@/i18n';
import { cn } from '@/lib/utils';
import { ActivityLog } from './activity-log';

/**
 * /admin/events — three logs, newest first: the app's tracked events (event.track), the
 * server's own log (sign-ins, door commands, payments, webhooks, station events) and the
 * audit of what operators changed.
 */
export default function AdminEventsPage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const log = params.get('log');
  const tab = log === 'audit' || log === 'activity' ? log : 'events';
  const tabClass = (active: boolean) =>
    cn('rounded-lg px-3 py-1.5 text-sm font-medium', active ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:text-foreground');
  return (
    <AdminFrame page="adminEvents">
      <div role="tablist" aria-label={t('events.logs')} className="flex gap-1">
        <NavLink role="tab" aria-selected={tab === 'events'} to="/admin/events" className={tabClass(tab === 'events')}>
          {t('events.tabEvents')}
        </NavLink>
        <NavLink role="tab" aria-selected={tab === 'activity'} to="/admin/events?log=activity" className={tabClass(tab === 'activity')}>
          {t('activity.tab')}
        </NavLink>
        <NavLink role="tab" aria-selected={tab === 'audit'} to="/admin/events?log=audit" className={tabClass(tab === 'audit')}>
          {t('events.tabAudit')}
        </NavLink>
      </div>
      <p className="text-sm text-muted-foreground" data-clock={productZone}>
        {t('events.clock', { zone: productZone })}
      </p>
      {tab === 'audit' ? <AuditLog /> : tab === 'activity' ? <ActivityLog /> : <EventLog />}
    </AdminFrame>
  );
}

const eventKeys = ['type', 'email', 'from', 'to'] as const;

function EventLog() {
  const { t, i18n } = useTranslation('admin');
  const { applied, userUuid, form, set, apply, clear, userMissing } = useLogFilter(eventKeys);
  const paged = useKeyPaged(eventsList({ type: applied.type, userUuid, from: dayStart(applied.from), to: dayEnd(applied.to) }));
  return (
    <>
      <FilterBar onApply={() => void apply()} onClear={clear}>
        <Field label={t('events.type')}>{(control) => <Input {...control} value={form.type} placeholder="page_view" onChange={set('type')} />}</Field>
        <Field label={t('filter.userEmail')}>{(control) => <Input {...control} type="email" value={form.email} onChange={set('email')} />}</Field>
        <Field label={t('filter.from')}>{(control) => <Input {...control} type="date" value={form.from} onChange={set('from')} />}</Field>
        <Field label={t('filter.to')}>{(control) => <Input {...control} type="date" value={form.to} onChange={set('to')} />}</Field>
      </FilterBar>
      {userMissing && <FormAlert>{t('filter.noSuchUser')}</FormAlert>}
      <KeyPaged paged={paged} empty={t('events.none')}>
        {(items) => <DataList label={t('events.tabEvents')} rows={items} columns={eventColumns(t, i18n.language)} rowKey={(e) => e.uuid} />}
      </KeyPaged>
    </>
  );
}

const auditKeys = ['email', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

function AuditLog() {
  const { t, i18n } = useTranslation('admin');
  const { applied, userUuid, form, set, apply, clear, userMissing } = useLogFilter(auditKeys, 'audit');
  const paged = useKeyPaged(
    auditList({ actorUuid: userUuid, action: applied.action, targetType: applied.targetType, targetId: applied.targetId, from: dayStart(applied.from), to: dayEnd(applied.to) }),
  );
  return (
    <>
      <FilterBar onApply={() => void apply()} onClear={clear}>
        <Field label={t('audit.actorEmail')}>{(control) => <Input {...control} type="email" value={form.email} onChange={set('email')} />}</Field>
        <Field label={t('audit.action')}>{(control) => <Input {...control} value={form.action} placeholder="admin.users.block" onChange={set('action')} />}</Field>
        <Field label={t('audit.targetType')}>{(control) => <Input {...control} value={form.targetType} placeholder="order" onChange={set('targetType')} />}</Field>
        <Field label={t('audit.targetId')}>{(control) => <Input {...control} value={form.targetId} onChange={set('targetId')} />}</Field>
        <Field label={t('filter.from')}>{(control) => <Input {...control} type="date" value={form.from} onChange={set('from')} />}</Field>
        <Field label={t('filter.to')}>{(control) => <Input {...control} type="date" value={form.to} onChange={set('to')} />}</Field>
      </FilterBar>
      {userMissing && <FormAlert>{t('filter.noSuchUser')}</FormAlert>}
      <CsvButton
        kind="audit"
        filter={{ actorUuid: userUuid, action: applied.action, targetType: applied.targetType, targetId: applied.targetId, from: dayStart(applied.from), to: dayEnd(applied.to) }}
      />
      <KeyPaged paged={paged} empty={t('audit.none')}>
        {(items) => <DataList label={t('events.tabAudit')} rows={items} columns={auditColumns(t, i18n.language)} rowKey={(a) => a.uuid} />}
      </KeyPaged>
    </>
  );
}
