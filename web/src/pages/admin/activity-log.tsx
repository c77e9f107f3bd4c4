import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { activityColumns, activitySources } from '@/features/admin/activity-columns';
import { activityList } from '@/features/admin/api';
import { CsvButton } from '@/features/admin/csv-button';
import { DataList } from '@/features/admin/data-list';
import { FilterBar } from '@/features/admin/filter-bar';
import { dayEnd, dayStart } from '@/lib/format';
import { KeyPaged } from '@/features/admin/key-pager';
import { useKeyPaged } from '@/features/admin/use-key-paged';
import { useLogFilter } from '@/features/admin/use-log-filter';
import { useTranslation } from '@/i18n';

const keys = ['source', 'email', 'from', 'to'] as const;

/** ActivityLog is the server's own log: sign-ins, door commands, payments, webhooks and station events, newest first. */
export function ActivityLog() {
  const { t, i18n } = useTranslation('admin');
  const { applied, userUuid, form, set, apply, clear, userMissing } = useLogFilter(keys, 'activity');
  const paged = useKeyPaged(activityList({ source: applied.source, userUuid, from: dayStart(applied.from), to: dayEnd(applied.to) }));
  return (
    <>
      <FilterBar onApply={() => void apply()} onClear={clear}>
        <Field label={t('activity.source')}>
          {(control) => (
            <Select {...control} value={form.source} onChange={set('source')}>
              <option value="">{t('activity.sources.all')}</option>
              {activitySources.map((s) => (
                <option key={s} value={s}>
                  {t(`activity.sources.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filter.userEmail')}>{(control) => <Input {...control} type="email" value={form.email} onChange={set('email')} />}</Field>
        <Field label={t('filter.from')}>{(control) => <Input {...control} type="date" value={form.from} onChange={set('from')} />}</Field>
        <Field label={t('filter.to')}>{(control) => <Input {...control} type="date" value={form.to} onChange={set('to')} />}</Field>
      </FilterBar>
      {userMissing && <FormAlert>{t('filter.noSuchUser')}</FormAlert>}
      <CsvButton kind="payments" filter={{ userUuid, from: dayStart(applied.from), to: dayEnd(applied.to) }} />
      <KeyPaged paged={paged} empty={t('activity.none')}>
        {(items) => <DataList label={t('activity.tab')} rows={items} columns={activityColumns(t, i18n.language)} rowKey={(a) => `${a.source}:${a.id}`} />}
      </KeyPaged>
    </>
  );
}
