import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatCalendarDay } from '@/lib/format';
import { addDays, clockFrom, isLocalDateTime, joinLocal, localClock, localDate, type LocalDateTime } from '../time';

/** How many days the day list offers from its first day. */
export const daysOffered = 62;

/** How long typing may pause before a complete value is committed without leaving the field. */
const idleCommitMs = 900;

/**
 * DateTimeFields edits one local date-time of the station's zone: a list of days named
 * in the screen's language and a 24-hour time field — our own, so an Estonian screen
 * never shows a browser's US-format date or AM/PM (issue 14). Both work by keyboard:
 * arrow keys move the day, the time is typed ("1015" or "10:15").
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
  max,
  invalid,
  error,
  name,
  legend,
  freeByDay,
}: {
  which: 'start' | 'end';
  value: LocalDateTime;
  onChange: (v: LocalDateTime) => void;
  /** The earliest date offered by the picker ("YYYY-MM-DD"): the station's today, whose year the day names leave out. */
  min?: string;
  /** The latest date offered ("YYYY-MM-DD"): a day the server would refuse is not listed (issue 46). */
  max?: string;
  invalid?: boolean;
  /** A message about this value, shown under the fields (e.g. the 31-day maximum for the end). */
  error?: ReactNode;
  name?: string;
  /** Replaces the default "Start" / "End" heading. */
  legend?: string;
  /** Lockers free for all of each day (station.freeDays), shown next to the day. */
  freeByDay?: ReadonlyMap<string, number>;
}) {
  const { t, i18n } = useTranslation('booking');
  const [date, setDate] = useState(localDate(value));
  const [clock, setClock] = useState(localClock(value));
  const first = min && min < localDate(value) ? min : localDate(value);
  const days = Array.from({ length: daysOffered }, (_, i) => addDays(first, i)).filter((d) => !max || d <= max);
  if (!days.includes(date)) days.push(date);
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
  const typedClock = clockFrom(clock);
  const onBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    editing.current = false;
    if (typedClock) {
      setClock(typedClock);
      commit(date, typedClock);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && typedClock) commit(date, typedClock);
  };
  const bad = invalid || !!error;

  return (
    <fieldset className="grid gap-2" onFocus={() => (editing.current = true)} onBlur={onBlur}>
      <legend className="mb-2 text-sm font-semibold">{legend ?? t(`timeframe.${which}`)}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_5rem] gap-2">
        <label className="grid gap-2">
          <span className="text-xs text-muted-foreground">{t('timeframe.date')}</span>
          <Select
            name={`${prefix}-date`}
            required
            value={date}
            aria-label={t(`timeframe.${which}Date`)}
            aria-invalid={bad || undefined}
            aria-describedby={error ? errorId : undefined}
            onKeyDown={onKeyDown}
            onChange={(e) => {
              // Choosing a day is a committed value: no half-typed state to wait for.
              setDate(e.target.value);
              if (typedClock) commit(e.target.value, typedClock);
            }}
          >
            {days.map((d) => {
              const free = freeByDay?.get(d);
              const count = free === undefined ? '' : ` · ${free > 0 ? t('timeframe.dayFree', { count: free }) : t('timeframe.dayFull')}`;
              return (
                <option key={d} value={d} data-free={free}>
                  {formatCalendarDay(d, i18n.language, first) + count}
                </option>
              );
            })}
          </Select>
        </label>
        <label className="grid gap-2">
          <span className="text-xs text-muted-foreground">{t('timeframe.time')}</span>
          <Input
            name={`${prefix}-time`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={5}
            placeholder={t('timeframe.clockPlaceholder')}
            value={clock}
            className="tabular-nums"
            aria-label={`${t(`timeframe.${which}Time`)} (${t('timeframe.clockHint')})`}
            aria-invalid={bad || (!typedClock && clock !== '') || undefined}
            aria-describedby={error ? errorId : undefined}
            onKeyDown={onKeyDown}
            onChange={(e) => {
              const typed = e.target.value;
              setClock(typed);
              const c = clockFrom(typed);
              if (c && typed.length >= 4) later(date, c);
              else clearTimeout(timer.current);
            }}
          />
        </label>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
