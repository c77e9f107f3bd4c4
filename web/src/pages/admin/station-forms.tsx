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
import { AppError } from '@/lib/errors';
import { useLimitHint } from '@/components/ui/limit-hint';
import { stationFieldLimits } from '@/lib/field-limits';
import { badStationFields, type StationFieldName } from './station-checks';

interface FormProps<T> {
  initial: T;
  pending: boolean;
  error: string | null;
  /** The failed save itself: the field it names shows why, at the field. */
  failure?: unknown;
  onSave: (value: T) => void;
}

/**
 * StationForm edits a station's fields (name, address, place, clock, opening hours, active). A save
 * is checked first and every bad field is flagged at once; a save the server refuses flags every
 * field it names. theirs is what another operator saved while this one typed (a stale save): the
 * typed values stay, each field where theirs differ shows theirs, and the next save goes over them.
 */
export function StationForm({
  initial,
  pending,
  error,
  failure,
  theirs,
  onSave,
  onCancel,
}: FormProps<AdminStationFields> & { onCancel?: () => void; theirs?: AdminStationFields | null }) {
  const { t } = useTranslation('admin');
  const [v, setV] = useState(initial);
  // The fields the last try found bad before sending; a field edited since is no longer flagged.
  const [bad, setBad] = useState<StationFieldName[]>([]);
  const fieldError = (k: StationFieldName) => (bad.includes(k) ? fieldErrorText(localFailure(k), k, t) : fieldErrorText(failure, k, t));
  const change = <K extends keyof AdminStationFields>(k: K, value: AdminStationFields[K]) => {
    setV((s) => ({ ...s, [k]: value }));
    setBad((b) => b.filter((f) => f !== k));
  };
  const theirsHint = (k: keyof AdminStationFields) => {
    if (!theirs || theirs[k] === v[k]) return undefined;
    const value = theirs[k];
    if (typeof value === 'boolean') return t('stations.theirs', { value: value ? t('stations.active') : t('stations.inactive') });
    return value === '' ? t('stations.theirsEmpty') : t('stations.theirs', { value: String(value) });
  };
  const limitHint = useLimitHint();
  const text = (k: 'name' | 'address' | 'city' | 'timeZone' | 'openingHours') => {
    const max = k === 'timeZone' ? undefined : stationFieldLimits[k];
    return (
      <Field label={t(`stations.fields.${k}`)} error={fieldError(k)} hint={theirsHint(k) ?? (max ? limitHint(v[k], max) : undefined)}>
        {(control) => <Input {...control} name={k} maxLength={max} value={v[k]} onChange={(e) => change(k, e.target.value)} />}
      </Field>
    );
  };
  const num = (k: 'latitude' | 'longitude') => (
    <Field label={t(`stations.fields.${k}`)} error={fieldError(k)} hint={theirsHint(k)}>
      {(control) => (
        <Input
          {...control}
          name={k}
          type="number"
          step="any"
          inputMode="decimal"
          value={Number.isNaN(v[k]) ? '' : String(v[k])}
          onChange={(e) => change(k, e.target.value === '' ? Number.NaN : Number(e.target.value))}
        />
      )}
    </Field>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const station = { ...v, name: v.name.trim(), address: v.address.trim(), city: v.city.trim(), timeZone: v.timeZone.trim() };
    const found = badStationFields(station);
    setBad(found);
    if (!found.length) onSave(station);
  };
  const activeHint = theirsHint('active');
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 rounded-2xl border bg-card p-4 md:p-6" aria-label={t('stations.form')}>
      {theirs && <FormAlert>{t('stations.conflict')}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name')}
        {text('city')}
        {text('address')}
        {text('timeZone')}
        {num('latitude')}
        {num('longitude')}
        {text('openingHours')}
        <div className="grid gap-1 self-end pb-2">
          <Checkbox label={t('stations.fields.active')} checked={v.active} onChange={(e) => change('active', e.target.checked)} />
          {activeHint && <p className="text-sm text-muted-foreground">{activeHint}</p>}
        </div>
      </div>
      {bad.length > 0 && <FormAlert>{t('errors.BAD_INPUT')}</FormAlert>}
      {!bad.length && error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {theirs ? t('stations.saveOver') : t('stations.save')}
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

/** localFailure is the refusal the server would give for one bad field, so the form words it the same way. */
function localFailure(field: StationFieldName): AppError {
  return new AppError('BAD_INPUT', undefined, { field, rpcCode: 'BAD_REQUEST' });
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
        <Field label={t('stations.fields.label')} error={fieldError('label')}>{(control) => <Input {...control} required maxLength={stationFieldLimits.label} value={v.label} onChange={(e) => setV((s) => ({ ...s, label: e.target.value }))} />}</Field>
        <Field label={t('stations.fields.type')} error={fieldError('type')}>{(control) => <Input {...control} required maxLength={stationFieldLimits.type} value={v.type} onChange={(e) => setV((s) => ({ ...s, type: e.target.value }))} />}</Field>
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
