import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

interface CodeInputProps {
  /** The group's one accessible name, shown above the cells. */
  label: string;
  /** The name of one cell for screen readers, e.g. "Digit 2 of 6". */
  cellLabel: (index: number, count: number) => string;
  /** Called once each time the last empty cell is filled. */
  onComplete: (code: string) => void;
  onChange?: (code: string) => void;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of texts describing the group (hint, error). */
  describedBy?: string;
  autoFocus?: boolean;
  className?: string;
}

const onlyDigits = (s: string) => s.replace(/\D/g, '');

/**
 * CodeInput is the code entry of spec §5: one digit per cell, digits only, a paste
 * (or the phone's one-time-code autofill) fills across the cells, and onComplete fires
 * when every cell holds a digit. The cells form one group with one label. To clear it
 * (after a wrong code), give it a new `key`.
 */
export function CodeInput({
  label,
  cellLabel,
  onComplete,
  onChange,
  length = 6,
  disabled,
  invalid,
  describedBy,
  autoFocus,
  className,
}: CodeInputProps) {
  const labelId = useId();
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length }, () => ''));
  const cells = useRef<Array<HTMLInputElement | null>>([]);

  // A layout may move focus to its main region when the page opens; taking it a tick
  // later puts the cursor into the first cell, where the user is about to type.
  useEffect(() => {
    if (!autoFocus) return;
    const id = setTimeout(() => cells.current[0]?.focus(), 0);
    return () => clearTimeout(id);
  }, [autoFocus]);

  const focus = (i: number) => {
    const el = cells.current[Math.max(0, Math.min(length - 1, i))];
    el?.focus();
    el?.select();
  };

  const commit = (next: string[]) => {
    setDigits(next);
    const code = next.join('');
    onChange?.(code);
    if (next.every((d) => d !== '') && next.some((d, i) => d !== digits[i])) onComplete(code);
  };

  /** fill writes digits into the cells from index start on and moves focus past them. */
  const fill = (start: number, chars: string) => {
    const next = [...digits];
    let i = start;
    for (const c of chars) {
      if (i >= length) break;
      next[i++] = c;
    }
    commit(next);
    focus(i >= length ? length - 1 : i);
  };

  const handleChange = (i: number, raw: string) => {
    const chars = onlyDigits(raw);
    if (chars === '') {
      if (raw === '') commit(digits.map((d, k) => (k === i ? '' : d)));
      return; // a letter or sign: ignored, the cell keeps its digit
    }
    // One typed digit replaces the cell (its text is selected on focus); several come
    // from autofill or a keyboard that pastes by typing, and fill across.
    const old = digits[i] ?? '';
    const typed = old !== '' && chars.length === 2 && chars.startsWith(old) ? chars.slice(1) : chars;
    fill(typed.length >= length ? 0 : i, typed);
  };

  const handlePaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const chars = onlyDigits(e.clipboardData.getData('text'));
    if (chars) fill(chars.length >= length ? 0 : i, chars);
  };

  const handleKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'Backspace':
        if (digits[i] === '' && i > 0) {
          e.preventDefault();
          commit(digits.map((d, k) => (k === i - 1 ? '' : d)));
          focus(i - 1);
        }
        break;
      case 'ArrowLeft':
        e.preventDefault();
        focus(i - 1);
        break;
      case 'ArrowRight':
        e.preventDefault();
        focus(i + 1);
        break;
      case 'Home':
        e.preventDefault();
        focus(0);
        break;
      case 'End':
        e.preventDefault();
        focus(length - 1);
        break;
    }
  };

  return (
    <div className={cn('grid gap-2', className)}>
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        data-slot="code-input"
        className="grid max-w-sm grid-cols-6 gap-2 sm:max-w-md sm:gap-3"
      >
        {digits.map((d, i) => (
          <input
            key={i}
            ref={(el) => {
              cells.current[i] = el;
            }}
            value={d}
            onChange={(e) => handleChange(i, e.target.value)}
            onPaste={(e) => handlePaste(i, e)}
            onKeyDown={(e) => handleKeyDown(i, e)}
            onFocus={(e) => e.target.select()}
            aria-label={cellLabel(i + 1, length)}
            aria-invalid={invalid || undefined}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            disabled={disabled}
            className="h-12 w-full min-w-0 rounded-xl border border-border bg-card text-center text-xl font-semibold tabular-nums shadow-xs outline-none transition-[border-color,box-shadow] caret-primary focus:border-ring focus:ring-[3px] focus:ring-ring/30 disabled:opacity-60 aria-invalid:border-destructive sm:h-14 sm:text-2xl"
          />
        ))}
      </div>
    </div>
  );
}
