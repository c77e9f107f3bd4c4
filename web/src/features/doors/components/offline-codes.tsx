import { KeyRound } from 'lucide-react';
import { useTranslation } from '@/i18n';
import { Card } from '@/components/page';
import { Notice } from '@/components/ui/notice';
import { offlineLockers, type OfflineLocker } from '@/lib/offline-codes';
import { read, storageKeys } from '@/lib/storage';
import { formatStationInstant } from '@/lib/format';

/**
 * OfflineCodes shows the codes kept on this device (lib/offline-codes.ts) when the
 * server cannot be reached (issue 26): what to type on the station keypad. With
 * orderLockerUuid only that locker's, and nothing when it was not kept.
 */
export function OfflineCodes({ orderLockerUuid }: { orderLockerUuid?: string }) {
  const { t } = useTranslation('booking');
  const lockers = offlineLockers(read(storageKeys.bearer)).filter((l) => !orderLockerUuid || l.orderLockerUuid === orderLockerUuid);
  if (orderLockerUuid && lockers.length === 0) return null;
  return (
    <section className="grid gap-4" data-testid="offline-codes">
      <Notice tone="warning">{lockers.length ? t('offlineCodes.intro') : t('offlineCodes.none')}</Notice>
      {lockers.map((l) => (
        <LockerCodes key={l.orderLockerUuid} locker={l} />
      ))}
    </section>
  );
}

function LockerCodes({ locker }: { locker: OfflineLocker }) {
  const { t, i18n } = useTranslation('booking');
  const until = formatStationInstant(locker.end, locker.timeZone, i18n.language);
  const pin = locker.offlinePin?.pin;
  return (
    <Card className="grid gap-4">
      <div>
        <p className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          {locker.station}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('offlineCodes.locker', { label: locker.label })} · {t('offlineCodes.until', { time: until })}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {(['delivery', 'picking'] as const).map((kind) => (
          <div key={kind} data-code={kind} className="grid content-start gap-1 rounded-2xl border p-4">
            <p className="text-sm font-semibold">{t(`locker.${kind}`)}</p>
            {locker[kind].map((code) => (
              <p key={code} className="font-mono text-3xl font-semibold tracking-[0.3em] tabular-nums" data-testid={`offline-${kind}-code`}>
                {code}
              </p>
            ))}
          </div>
        ))}
      </div>
      {pin && (
        <Notice tone="info">
          {t('offlineCodes.pin')}{' '}
          <span className="font-mono text-lg font-semibold tracking-[0.2em]" data-testid="offline-pin">
            {pin}
          </span>
        </Notice>
      )}
    </Card>
  );
}
