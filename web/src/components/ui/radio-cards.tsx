import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface RadioCardOption {
  value: string;
  title: ReactNode;
  description?: ReactNode;
  /** Shown at the end of the card, e.g. a badge. */
  aside?: ReactNode;
  disabled?: boolean;
  lang?: string;
}

interface RadioCardsProps {
  name: string;
  /** The group's accessible name. */
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  options: RadioCardOption[];
  className?: string;
}

/** RadioCards is a radio group drawn as selectable cards (stations, languages). */
export function RadioCards({ name, label, value, onChange, options, className }: RadioCardsProps) {
  return (
    <div role="radiogroup" aria-label={label} className={cn('grid gap-3', className)}>
      {options.map((o) => {
        const checked = o.value === value;
        return (
          <label
            key={o.value}
            lang={o.lang}
            className={cn(
              'relative flex cursor-pointer items-center gap-4 rounded-2xl border bg-card p-4 shadow-xs transition has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
              checked ? 'border-primary bg-secondary/50' : 'hover:border-primary/40',
              o.disabled && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={checked}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
              className="size-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-border bg-card outline-none checked:border-[6px] checked:border-primary disabled:cursor-not-allowed"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{o.title}</span>
              {o.description && <span className="block text-sm text-muted-foreground">{o.description}</span>}
            </span>
            {o.aside}
          </label>
        );
      })}
    </div>
  );
}
