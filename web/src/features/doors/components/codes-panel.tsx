import { KeyRound, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { useQuery } from '@tanstack/react-query';
import type { CodeItemView } from '@/api/generated/app-router';
import { InlineLoading } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { toast } from '@/components/ui/toast-store';
import { AppError } from '@/lib/errors';
import { CopyCodeButton } from '@/components/copy-code-button';
import { ConfirmInline } from './confirm-inline';
import { GuestLinks } from './guest-links';
import { TemperatureChart } from './temperature-chart';
import { codesQuery, useAddCode, useRegenerateCode, useRemoveCode, type LockerRef } from '../api';
import { formatStationInstant } from '@/lib/format';

// A code's last use, on the station's clock (named where it is not the device's).
const formatTime = formatStationInstant;

/**
 * CodesPanel is an order locker's keypad codes, each with its usage state, and
 * what the owner may do with them: a new code instead of one, another code, delete
 * one, each asked once before the old code stops working. Opening the door from the app is OpenDoorLink (open-door-link.tsx), in the page's action bar.
 */
export function CodesPanel({ lockerRef, timeZone }: { lockerRef: LockerRef; timeZone: string }) {
  const { t } = useTranslation('booking');
  const codes = useQuery(codesQuery(lockerRef));
  const add = useAddCode(lockerRef);
  const [problem, setProblem] = useState<string | null>(null);
  if (codes.isPending) return <InlineLoading />;
  if (codes.isError) return <Notice tone="error">{t('door.codesFailed')}</Notice>;
  const byKind = (kind: 'delivery' | 'picking') => codes.data.codes.filter((c) => c.kind === kind);
  return (
    <section className="grid gap-3" aria-labelledby="locker-codes">
      <h2 id="locker-codes" className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary" aria-hidden="true" />
        {t('locker.codes')}
      </h2>
      {problem && <Notice tone="error">{problem}</Notice>}
      {codes.data.offlinePin && (
        <Notice tone="warning">
          {t('door.offline')}{' '}
          <span className="font-mono text-lg font-semibold tracking-[0.2em]" data-testid="offline-pin">
            {codes.data.offlinePin.pin}
          </span>
        </Notice>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {(['delivery', 'picking'] as const).map((kind) => (
          <div key={kind} data-code={kind} className="grid content-start gap-3 rounded-2xl border bg-card p-4 shadow-xs">
            <div>
              <p className="text-sm font-semibold">{t(`locker.${kind}`)}</p>
              <p className="text-xs text-muted-foreground">{t(`locker.${kind}Hint`)}</p>
            </div>
            {byKind(kind).map((c) => (
              <CodeRow key={c.uuid} code={c} removable={byKind(kind).length > 1} lockerRef={lockerRef} timeZone={timeZone} onProblem={setProblem} />
            ))}
            <Button variant="outline" size="sm" loading={add.isPending && add.variables === kind} onClick={() => add.mutate(kind)}>
              <Plus aria-hidden="true" />
              {t(kind === 'delivery' ? 'door.addDelivery' : 'door.addPicking')}
            </Button>
          </div>
        ))}
      </div>
      <GuestLinks lockerRef={lockerRef} guests={codes.data.guests} />
      <TemperatureChart lockerRef={lockerRef} />
      <p className="text-sm text-muted-foreground">{t('locker.openHint')}</p>
    </section>
  );
}

function CodeRow({
  code,
  removable,
  lockerRef,
  timeZone,
  onProblem,
}: {
  code: CodeItemView;
  /** The server keeps at least one code of each kind: the last one offers no Delete. */
  removable: boolean;
  lockerRef: LockerRef;
  timeZone: string;
  onProblem: (text: string | null) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const regenerate = useRegenerateCode(lockerRef);
  const remove = useRemoveCode(lockerRef);
  // A code stops working at once when replaced or deleted: asked once, in place (issue 28).
  const [asking, setAsking] = useState<'regenerate' | 'remove' | null>(null);
  const time = code.lastUsedAt ? formatTime(code.lastUsedAt, timeZone, i18n.language) : '';
  const failed = (err: unknown) => onProblem(AppError.from(err).appCode === 'CANT' ? t('door.lastOfKind') : t('door.codesFailed'));
  const done = (key: 'door.regenerated' | 'door.removed') => {
    setAsking(null);
    toast({ text: () => ({ description: i18n.t(key, { ns: 'booking', code: code.code }) }) });
  };
  return (
    <div className="grid gap-1 border-t pt-3 first-of-type:border-t-0 first-of-type:pt-0" data-testid="code-row" data-usage={code.usage}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-3xl font-semibold tracking-[0.3em] tabular-nums" data-testid={`${code.kind}-code`}>
          {code.code}
        </p>
        <CopyCodeButton code={code.code} label={`${t('locker.copy')}: ${t(`locker.${code.kind}`)} ${code.code}`} />
      </div>
      <p className="text-xs text-muted-foreground" data-testid="code-usage">
        {t(`door.usage.${code.usage}`, { time })}
      </p>
      {asking === 'regenerate' ? (
        <ConfirmInline
          question={t('door.regenerateAsk', { code: code.code })}
          confirmLabel={t('door.regenerateDo')}
          busy={regenerate.isPending}
          onKeep={() => setAsking(null)}
          onConfirm={() => regenerate.mutate(code.uuid, { onSuccess: () => done('door.regenerated'), onError: failed })}
        />
      ) : asking === 'remove' ? (
        <ConfirmInline
          question={t('door.removeAsk', { code: code.code })}
          confirmLabel={t('door.removeDo')}
          busy={remove.isPending}
          onKeep={() => setAsking(null)}
          onConfirm={() => remove.mutate(code.uuid, { onSuccess: () => done('door.removed'), onError: failed })}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="xs"
            aria-label={t('door.regenerateLabel', { code: code.code })}
            onClick={() => {
              onProblem(null);
              setAsking('regenerate');
            }}
          >
            <RefreshCw aria-hidden="true" />
            {t('door.regenerate')}
          </Button>
          {removable && (
            <Button
              variant="ghost"
              size="xs"
              aria-label={t('door.removeLabel', { code: code.code })}
              onClick={() => {
                onProblem(null);
                setAsking('remove');
              }}
            >
              <Trash2 aria-hidden="true" />
              {t('door.remove')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
