import { useQuery } from '@tanstack/react-query';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { allStationsQuery } from '@/features/admin/api';
import { useTranslation } from '@/i18n';

/** StationSelect picks one station (or any) for a list's filter. */
export function StationSelect({ value, onChange }: { value: string; onChange: (uuid: string) => void }) {
  const { t } = useTranslation('admin');
  const { data = [] } = useQuery(allStationsQuery);
  return (
    <Field label={t('filter.station')}>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('filter.anyStation')}</option>
          {data.map((s) => (
            <option key={s.uuid} value={s.uuid}>
              {s.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
