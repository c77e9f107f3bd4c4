import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminPack } from '@/api/generated/app-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAdminAccess } from '@/features/admin/access';
import { allStationsQuery, findUserByEmail, packsQuery, useCreatePack, useGrantPack } from '@/features/admin/api';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText, errorField, fieldErrorText } from '@/features/admin/errors';
import { dayEnd, lastDay, utcDay } from '@/lib/format';
import { AdminFrame, Section } from '@/features/admin/frame';
import { useTranslation } from '@/i18n';
import { StationSelect } from './station-select';

/** /admin/coupons — the coupon packs with their use; an ADMIN creates packs and grants one to a person. */
export default function AdminCouponsPage() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const { may } = useAdminAccess();
  const packs = useQuery(packsQuery);
  const stations = useQuery(allStationsQuery);
  const stationName = (uuid: string) => (uuid ? (stations.data?.find((s) => s.uuid === uuid)?.name ?? uuid.slice(0, 8)) : t('coupons.anyStation'));
  const columns: Column<AdminPack>[] = [
    { id: 'code', header: t('coupons.code'), primary: true, cell: (p) => <code>{p.code}</code> },
    { id: 'name', header: t('coupons.name'), cell: (p) => (lng.startsWith('et') ? p.nameEt : p.nameEn) || p.nameEn },
    { id: 'count', header: t('coupons.count'), end: true, cell: (p) => p.count },
    { id: 'station', header: t('filter.station'), cell: (p) => stationName(p.stationUuid) },
    { id: 'until', header: t('coupons.validUntil'), cell: (p) => (p.validUntil ? lastDay(p.validUntil, lng) : t('coupons.noExpiry')) },
    { id: 'holders', header: t('coupons.holders'), end: true, cell: (p) => p.holders },
    { id: 'used', header: t('coupons.used'), end: true, cell: (p) => p.used },
    { id: 'remaining', header: t('coupons.remaining'), end: true, cell: (p) => p.remaining },
  ];
  let list;
  if (packs.isPending) list = <LoadingState rows={2} />;
  else if (packs.isError) list = <ErrorState onRetry={() => void packs.refetch()} />;
  else if (!packs.data.length) list = <EmptyState message={t('coupons.none')} />;
  else list = <DataList label={t('coupons.packs')} rows={packs.data} columns={columns} rowKey={(p) => p.code} rowAttr={(p) => ({ 'data-pack': p.code })} />;
  return (
    <AdminFrame page="adminCoupons">
      <Section title={t('coupons.packs')}>{list}</Section>
      {may('manageCoupons') && (
        <div className="grid gap-6 lg:grid-cols-2">
          <CreatePack />
          <GrantPack packs={packs.data ?? []} />
        </div>
      )}
    </AdminFrame>
  );
}

const emptyPack = { code: '', nameEn: '', nameEt: '', count: '3', station: '', validUntil: '', reason: '' };

function CreatePack() {
  const { t } = useTranslation('admin');
  const [v, setV] = useState(emptyPack);
  const [created, setCreated] = useState('');
  const create = useCreatePack();
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));
  // The server's refusal is shown at the field it names; the form's alert only for the rest.
  const fieldError = (k: string) => fieldErrorText(create.error, k, t, { name: t('errors.fields.packName') });
  const atField = ['code', 'count', 'name', 'reason'].includes(errorField(create.error)) && fieldError(errorField(create.error)) !== undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCreated('');
    create.mutate(
      { code: v.code.trim(), nameEn: v.nameEn.trim(), nameEt: v.nameEt.trim(), count: Number(v.count), stationUuid: v.station || undefined, validUntil: dayEnd(v.validUntil) || undefined, reason: v.reason.trim() },
      {
        onSuccess: (p) => {
          setCreated(p.code);
          setV(emptyPack);
        },
      },
    );
  };
  return (
    <Section title={t('coupons.create')}>
      <form onSubmit={submit} aria-label={t('coupons.create')} className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-2 md:p-6">
        <Field label={t('coupons.code')} error={fieldError('code')}>
          {(control) => <Input {...control} required value={v.code} autoCapitalize="characters" onChange={set('code')} />}
        </Field>
        <Field label={t('coupons.count')} error={fieldError('count')}>
          {(control) => <Input {...control} required type="number" min={1} value={v.count} onChange={set('count')} />}
        </Field>
        <Field label={t('coupons.nameEn')} error={fieldError('name')}>
          {(control) => <Input {...control} required value={v.nameEn} onChange={set('nameEn')} />}
        </Field>
        <Field label={t('coupons.nameEt')} error={fieldError('name')}>
          {(control) => <Input {...control} required value={v.nameEt} onChange={set('nameEt')} />}
        </Field>
        <StationSelect value={v.station} onChange={(station) => setV((s) => ({ ...s, station }))} />
        <Field
          label={t('coupons.validUntil')}
          labelNote={t('dialog.optional')}
          hint={v.validUntil && v.validUntil < utcDay() ? <span className="font-medium text-amber-900">{t('coupons.pastWarning')}</span> : t('coupons.validUntilHint')}
        >
          {(control) => <Input {...control} type="date" value={v.validUntil} onChange={set('validUntil')} />}
        </Field>
        <div className="sm:col-span-2">
          <Field label={t('effects.packReason')} error={fieldError('reason')}>
            {(control) => <Input {...control} required value={v.reason} maxLength={1000} onChange={set('reason')} />}
          </Field>
        </div>
        {create.error && !atField && <FormAlert className="sm:col-span-2">{adminErrorText(create.error, t)}</FormAlert>}
        {created && (
          <p role="status" className="text-sm font-medium text-emerald-700 sm:col-span-2">
            {t('coupons.created', { code: created })}
          </p>
        )}
        <Button type="submit" loading={create.isPending} className="justify-self-start">
          {t('coupons.create')}
        </Button>
      </form>
    </Section>
  );
}

function GrantPack({ packs }: { packs: AdminPack[] }) {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [granted, setGranted] = useState('');
  const grant = useGrantPack();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    setGranted('');
    const user = await findUserByEmail(email);
    if (!user) return setProblem(t('filter.noSuchUser'));
    grant.mutate({ userUuid: user.uuid, code, reason: reason.trim() }, { onSuccess: () => setGranted(t('coupons.granted', { code, email: user.email })) });
  };
  return (
    <Section title={t('coupons.grant')}>
      <form onSubmit={(e) => void submit(e)} aria-label={t('coupons.grant')} className="grid gap-3 rounded-2xl border bg-card p-4 md:p-6">
        <Field label={t('users.email')}>{(control) => <Input {...control} required type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
        <Field label={t('coupons.pack')}>
          {(control) => (
            <Select {...control} required value={code} onChange={(e) => setCode(e.target.value)}>
              <option value="">{t('coupons.choosePack')}</option>
              {packs.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.code}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('effects.grantReason')}>{(control) => <Input {...control} required value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />}</Field>
        {(problem || grant.error) && <FormAlert>{problem || adminErrorText(grant.error, t)}</FormAlert>}
        {granted && (
          <p role="status" className="text-sm font-medium text-emerald-700">
            {granted}
          </p>
        )}
        <Button type="submit" loading={grant.isPending} className="justify-self-start">
          {t('coupons.grantButton')}
        </Button>
      </form>
    </Section>
  );
}
