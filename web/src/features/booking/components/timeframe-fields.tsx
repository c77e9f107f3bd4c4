import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isLocalDateTime, joinLocal, localClock, localDate, type LocalDateTime } from '../time';

/** How long typing may pause before a complete value is committed without leaving the field. */
const idleCommitMs = 900;

/**
 * DateTimeFields edits one local date-time of the station's zone with the browser's
 * native date and time pickers (phone-friendly, no date library).
 *
 * What the user types stays in the fields' own draft; the value is committed (and
 * the caller may put it into the URL) when focus leaves both fields, on Enter, or
 * after a pause — never on every keystroke, which used to drop the keys typed
 * while the page re-rendered from the URL (issue 14).
 */
export function DateTimeFields({
  which,
  value,
  onChange,
  min,
  invalid,
  error,
  name,
  legend,
}: {
  which: 'start' | 'end';
  value: LocalDateTime;
  onChange: (v: LocalDateTime) => void;
  /** The earliest date offered by the picker ("YYYY-MM-DD"). */
  min?: string;
  invalid?: boolean;
  /** A message about this value, shown under the fields (e.g. the 31-day maximum for the end). */
  error?: ReactNode;
  name?: string;
  /** Replaces the default "Start" / "End" heading. */
  legend?: string;
}) {
  const { t } = useTranslation('booking');
  const [date, setDate] = useState(localDate(value));
  const [clock, setClock] = useState(localClock(value));
  const editing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const prefix = name ?? which;
  const errorId = `${prefix}-timeframe-error`;

  // A value changed from outside (a quick choice, the URL) replaces the draft unless the user is typing.
  useEffect(() => {
    if (editing.current) return;
    setDate(localDate(value));
    setClock(localClock(value));
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (d: string, c: string) => {
    clearTimeout(timer.current);
    const next = joinLocal(d, c);
    if (isLocalDateTime(next) && next !== value) onChange(next);
  };
  const later = (d: string, c: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(d, c), idleCommitMs);
  };
  const onBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    editing.current = false;
    commit(date, clock);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') commit(date, clock);
  };
  const bad = invalid || !!error;

  return (
    <fieldset className="grid gap-2" onFocus={() => (editing.current = true)} onBlur={onBlur}>
      <legend className="mb-2 text-sm font-semibold">{legend ?? t(`timeframe.${which}`)}</legend>
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <label className="grid gap-2">
          <span className="text-xs text-muted-foreground">{t('timeframe.date')}</span>
          <Input
            name={`${prefix}-date`}
            type="date"
            required
            min={min}
            value={date}
            aria-label={t(`timeframe.${which}Date`)}
            aria-invalid={bad || undefined}
            aria-describedby={error ? errorId : undefined}
            onKeyDown={onKeyDown}
            onChange={(e) => {
              if (!e.target.value) return;
              setDate(e.target.value);
              later(e.target.value, clock);
            }}
          />
        </label>
        <label className="grid gap-2">
          <span className="text-xs text-muted-foreground">{t('timeframe.time')}</span>
          <Input
            name={`${prefix}-time`}
            type="time"
            required
            step={60}
            value={clock}
            className="w-32"
            aria-label={t(`timeframe.${which}Time`)}
            aria-invalid={bad || undefined}
            aria-describedby={error ? errorId : undefined}
            onKeyDown={onKeyDown}
            onChange={(e) => {
              if (!e.target.value) return;
              const c = e.target.value.slice(0, 5);
              setClock(c);
              later(date, c);
            }}
          />
        </label>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
