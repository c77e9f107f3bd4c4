import { useTranslation } from '@/i18n';
import type { CodeView } from '@/api/generated/app-router';
import { formatDateTime } from '@/lib/format';
import { CopyCodeButton } from '@/components/copy-code-button';

/** CodeCard shows one keypad code large, with its usage state and a copy button. */
export function CodeCard({
  kind,
  code,
  timeZone,
}: {
  kind: 'delivery' | 'picking';
  code: CodeView;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('booking');
  return (
    <div data-code={kind} className="grid gap-2 rounded-2xl border bg-card p-4 shadow-xs">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-sm font-semibold">{t(`locker.${kind}`)}</p>
          <p className="text-xs text-muted-foreground">{t(`locker.${kind}Hint`)}</p>
        </div>
        <CopyCodeButton code={code.code} label={`${t('locker.copy')}: ${t(`locker.${kind}`)}`} />
      </div>
      <p className="font-mono text-3xl font-semibold tracking-[0.3em] tabular-nums" data-testid={`${kind}-code`}>
        {code.code}
      </p>
      <p className="text-xs text-muted-foreground">
        {code.state === 'unused' || !code.lastUsedAt
          ? t('locker.unused')
          : t('locker.lastUsed', { time: formatDateTime(code.lastUsedAt, timeZone, i18n.language) })}
      </p>
    </div>
  );
}
