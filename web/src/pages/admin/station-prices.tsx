import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminPrice, AdminStationPrices } from '@/api/generated/app-router';
import { ErrorState, LoadingState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { pricesQuery, useSetPrices } from '@/features/admin/api';
import { adminErrorText, fieldErrorText, isStale } from '@/features/admin/errors';
import { formatMoney } from '@/lib/format';
import { Badge, Section } from '@/features/admin/frame';
import { useTranslation, type TFunction } from '@/i18n';

interface Row {
  height: AdminPrice['height'];
  temperature: AdminPrice['temperature'];
  hourly: string;
  daily: string;
  /** The station's own price; otherwise the service's default applies and is not sent. */
  own: boolean;
}

const euros = (cents: number) => (cents / 100).toFixed(2);
const toRows = (prices: AdminPrice[]): Row[] =>
  prices.map((p) => ({ height: p.height, temperature: p.temperature, hourly: euros(p.hourlyCents), daily: euros(p.dailyCents), own: !p.isDefault }));
const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
/** maxPriceCents is the server's highest price (station.MaxPriceCents). */
const maxPriceCents = 1_000_000;
const priceOk = (text: string) => text.trim() !== '' && cents(text) > 0 && cents(text) <= maxPriceCents;

/** StationPrices sets a station's own tariff per size × temperature; a product left on the default follows the service's price. */
export function StationPrices({ stationUuid, canEdit }: { stationUuid: string; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { data, isPending, isError, refetch } = useQuery(pricesQuery(stationUuid));
  if (isPending) return <LoadingState rows={1} />;
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  const reread = async () => (await refetch()).data;
  return <PriceForm key={stationUuid} stationUuid={stationUuid} prices={data} reread={reread} canEdit={canEdit} t={t} />;
}

interface PriceFormProps {
  stationUuid: string;
  prices: AdminStationPrices;
  /** reread reads the prices again (after a colleague's save refused this one). */
  reread: () => Promise<AdminStationPrices | undefined>;
  canEdit: boolean;
  t: TFunction<'admin'>;
}

function PriceForm({ stationUuid, prices, reread, canEdit, t }: PriceFormProps) {
  const { i18n } = useTranslation('admin');
  const priceError = t('errors.fields.price', { max: formatMoney(maxPriceCents, i18n.language) });
  const [rows, setRows] = useState<Row[]>(() => toRows(prices.prices));
  // The version the rows started from: a save from an older one is refused (STALE).
  const [version, setVersion] = useState(prices.version);
  const [note, setNote] = useState('');
  const [bad, setBad] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useSetPrices();
  const edit = (i: number, change: Partial<Row>) => {
    setSaved(false);
    setBad(false);
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const own = rows.filter((r) => r.own);
    if (own.some((r) => !priceOk(r.hourly) || !priceOk(r.daily))) return setBad(true);
    save.mutate(
      {
        stationUuid,
        version,
        note: note.trim(),
        prices: own.map((r) => ({ height: r.height, temperature: r.temperature, hourlyCents: cents(r.hourly), dailyCents: cents(r.daily) })),
      },
      {
        // The answer is every product's price now: a product put back on the default shows the default's figures.
        onSuccess: (p) => {
          setRows(toRows(p.prices));
          setVersion(p.version);
          setNote('');
          setSaved(true);
        },
        // A colleague saved first: show their prices (the error says so); this edit is not kept.
        onError: async (err) => {
          if (!isStale(err)) return;
          const now = await reread();
          if (now) {
            setRows(toRows(now.prices));
            setVersion(now.version);
          }
        },
      },
    );
  };
  return (
    <Section title={t('stations.prices')}>
      <form onSubmit={submit} aria-label={t('stations.prices')} className="grid gap-3 rounded-2xl border bg-card p-4 md:p-6">
        <p className="text-sm text-muted-foreground">{t('stations.pricesHint')}</p>
        <ul className="grid gap-3">
          {rows.map((r, i) => {
            const name = `${t(`orders.heights.${r.height}`)} · ${t(`stations.temperatures.${r.temperature}`)}`;
            return (
              <li key={`${r.height}-${r.temperature}`} className="grid gap-2 border-b pb-3 last:border-b-0 last:pb-0 sm:grid-cols-[1fr_8rem_8rem_auto] sm:items-center">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {name}
                  {!r.own && <Badge>{t('stations.defaultPrice')}</Badge>}
                </span>
                {(['hourly', 'daily'] as const).map((k) => {
                  // A price the save refused is named at its own input (after a save was tried).
                  const wrong = bad && r.own && !priceOk(r[k]);
                  const id = `price-${r.height}-${r.temperature}-${k}`;
                  return (
                    <label key={k} className="grid gap-1 text-sm">
                      <span className="text-muted-foreground sm:sr-only">{t(`stations.${k}`)}</span>
                      <Input
                        aria-label={`${name}: ${t(`stations.${k}`)}`}
                        aria-invalid={wrong || undefined}
                        aria-describedby={wrong ? id : undefined}
                        inputMode="decimal"
                        disabled={!canEdit}
                        value={r[k]}
                        onChange={(e) => edit(i, { [k]: e.target.value, own: true })}
                      />
                      {wrong && (
                        <span id={id} className="text-sm font-medium text-destructive" data-field-error={k}>
                          {priceError}
                        </span>
                      )}
                    </label>
                  );
                })}
                {canEdit && r.own ? (
                  <Button type="button" size="sm" variant="ghost" onClick={() => edit(i, { own: false })}>
                    {t('stations.useDefault')}
                  </Button>
                ) : (
                  <span />
                )}
                {r.own && cents(r.hourly) > 0 && cents(r.daily) > 0 && cents(r.hourly) > cents(r.daily) && (
                  <p className="text-sm font-medium text-amber-900 sm:col-span-4" data-warning="hourly-above-daily">
                    {t('stations.hourlyAboveDaily')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <p className="hidden text-xs text-muted-foreground sm:block">{t('stations.pricesColumns')}</p>
        {canEdit && (
          <Field label={t('effects.pricesNote')} error={fieldErrorText(save.error, 'note', t)}>
            {(control) => (
              <Input
                {...control}
                value={note}
                maxLength={1000}
                onChange={(e) => {
                  setNote(e.target.value);
                  setSaved(false);
                }}
              />
            )}
          </Field>
        )}
        {bad && <FormAlert>{t('stations.pricesBad')}</FormAlert>}
        {save.error && !fieldErrorText(save.error, 'note', t) && <FormAlert>{adminErrorText(save.error, t)}</FormAlert>}
        {saved && (
          <p role="status" className="text-sm font-medium text-emerald-700">
            {t('stations.saved')}
          </p>
        )}
        {canEdit && (
          <Button type="submit" loading={save.isPending} className="justify-self-start">
            {t('stations.savePrices')}
          </Button>
        )}
      </form>
    </Section>
  );
}
