import { useTranslation } from '@/i18n';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { joinLocal, localClock, localDate, type LocalDateTime } from '../time';

/**
 * DateTimeFields edits one local date-time of the station's zone with the browser's
 * native date and time pickers (phone-friendly, no date library).
 */
export function DateTimeFields({
  which,
  value,
  onChange,
  min,
  invalid,
  name,
  legend,
}: {
  which: 'start' | 'end';
  value: LocalDateTime;
  onChange: (v: LocalDateTime) => void;
  /** The earliest date offered by the picker ("YYYY-MM-DD"). */
  min?: string;
  invalid?: boolean;
  name?: string;
  /** Replaces the default "Start" / "End" heading. */
  legend?: string;
}) {
  const { t } = useTranslation('booking');
  const date = localDate(value);
  const clock = localClock(value);
  const prefix = name ?? which;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">{legend ?? t(`timeframe.${which}`)}</legend>
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <Field label={<span className="text-xs text-muted-foreground">{t('timeframe.date')}</span>}>
          {(p) => (
            <Input
              {...p}
              name={`${prefix}-date`}
              type="date"
              required
              min={min}
              value={date}
              aria-label={t(`timeframe.${which}Date`)}
              aria-invalid={invalid || undefined}
              onChange={(e) => e.target.value && onChange(joinLocal(e.target.value, clock))}
            />
          )}
        </Field>
        <Field label={<span className="text-xs text-muted-foreground">{t('timeframe.time')}</span>}>
          {(p) => (
            <Input
              {...p}
              name={`${prefix}-time`}
              type="time"
              required
              step={60}
              value={clock}
              className="w-32"
              aria-label={t(`timeframe.${which}Time`)}
              aria-invalid={invalid || undefined}
              onChange={(e) => e.target.value && onChange(joinLocal(date, e.target.value.slice(0, 5)))}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
