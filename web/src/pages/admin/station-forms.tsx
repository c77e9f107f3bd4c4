import { useState, type FormEvent } from 'react';
import type { AdminCompartmentFields, AdminStationFields } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { fieldErrorText } from '@/features/admin/errors';
import { useTranslation } from '@/i18n';

interface FormProps<T> {
  initial: T;
  pending: boolean;
  error: string | null;
  /** The failed save itself: the field it names shows why, at the field. */
  failure?: unknown;
  onSave: (value: T) => void;
}

/** StationForm edits a station's fields (name, address, place, clock, opening hours, active). */
export function StationForm({ initial, pending, error, failure, onSave, onCancel }: FormProps<AdminStationFields> & { onCancel?: () => void }) {
  const { t } = useTranslation('admin');
  const fieldError = (k: string) => fieldErrorText(failure, k, t);
  const [v, setV] = useState(initial);
  const text = (k: 'name' | 'address' | 'city' | 'timeZone' | 'openingHours', required = true) => (
    <Field label={t(`stations.fields.${k}`)} error={fieldError(k)}>
      {(control) => <Input {...control} required={required} value={v[k]} onChange={(e) => setV((s) => ({ ...s, [k]: e.target.value }))} />}
    </Field>
  );
  const num = (k: 'latitude' | 'longitude') => (
    <Field label={t(`stations.fields.${k}`)} error={fieldError(k)}>
      {(control) => (
        <Input {...control} required type="number" step="any" inputMode="decimal" value={String(v[k])} onChange={(e) => setV((s) => ({ ...s, [k]: Number(e.target.value) }))} />
      )}
    </Field>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ ...v, name: v.name.trim(), address: v.address.trim(), city: v.city.trim() });
  };
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-2xl border bg-card p-4 md:p-6" aria-label={t('stations.form')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name')}
        {text('city')}
        {text('address')}
        {text('timeZone')}
        {num('latitude')}
        {num('longitude')}
        {text('openingHours', false)}
        <Checkbox className="self-end pb-2" label={t('stations.fields.active')} checked={v.active} onChange={(e) => setV((s) => ({ ...s, active: e.target.checked }))} />
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {t('stations.save')}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * CompartmentDialog adds or edits one compartment: label, size, type, temperature, inside dimensions,
 * and, for a new one, out of service (an existing one switches with its own button, which asks for the reason).
 */
export function CompartmentDialog({
  title,
  initial,
  pending,
  error,
  failure,
  onSave,
  onClose,
  serviceSwitch = true,
}: FormProps<AdminCompartmentFields> & { title: string; onClose: () => void; serviceSwitch?: boolean }) {
  const { t } = useTranslation('admin');
  const [v, setV] = useState(initial);
  const formId = 'compartment-form';
  const fieldError = (k: string) => fieldErrorText(failure, k, t);
  const mm = (k: 'heightMm' | 'widthMm' | 'depthMm') => (
    <Field label={t(`stations.fields.${k}`)} error={fieldError(k)}>
      {(control) => <Input {...control} required type="number" min={1} inputMode="numeric" value={String(v[k])} onChange={(e) => setV((s) => ({ ...s, [k]: Number(e.target.value) }))} />}
    </Field>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {t('stations.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({ ...v, label: v.label.trim(), type: v.type.trim() });
        }}
      >
        <Field label={t('stations.fields.label')} error={fieldError('label')}>{(control) => <Input {...control} required value={v.label} onChange={(e) => setV((s) => ({ ...s, label: e.target.value }))} />}</Field>
        <Field label={t('stations.fields.type')} error={fieldError('type')}>{(control) => <Input {...control} required value={v.type} onChange={(e) => setV((s) => ({ ...s, type: e.target.value }))} />}</Field>
        <Field label={t('stations.fields.height')} error={fieldError('height')}>
          {(control) => (
            <Select {...control} value={v.height} onChange={(e) => setV((s) => ({ ...s, height: e.target.value as AdminCompartmentFields['height'] }))}>
              <option value="small">{t('orders.heights.small')}</option>
              <option value="big">{t('orders.heights.big')}</option>
            </Select>
          )}
        </Field>
        <Field label={t('stations.fields.temperature')} error={fieldError('temperature')}>
          {(control) => (
            <Select {...control} value={v.temperature} onChange={(e) => setV((s) => ({ ...s, temperature: e.target.value as AdminCompartmentFields['temperature'] }))}>
              <option value="cool">{t('stations.temperatures.cool')}</option>
              <option value="neutral">{t('stations.temperatures.neutral')}</option>
              <option value="warm">{t('stations.temperatures.warm')}</option>
            </Select>
          )}
        </Field>
        {mm('heightMm')}
        {mm('widthMm')}
        {mm('depthMm')}
        {serviceSwitch && (
          <Checkbox
            className="self-end pb-2"
            label={t('stations.fields.outOfService')}
            checked={v.outOfService}
            onChange={(e) => setV((s) => ({ ...s, outOfService: e.target.checked }))}
          />
        )}
      </form>
      {error && <FormAlert>{error}</FormAlert>}
    </Dialog>
  );
}
