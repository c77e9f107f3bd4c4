import { useStatusWords } from '@/lib/status-words';
import { cn } from '@/lib/utils';
import { statusTone, type StatusLabel } from '../labels';

const tones = {
  good: 'bg-emerald-100 text-emerald-900',
  wait: 'bg-amber-100 text-amber-900',
  done: 'bg-muted text-muted-foreground',
  bad: 'bg-destructive/10 text-destructive',
} as const;

/** StatusBadge shows a spec §4 status label; its meaning is its tooltip and accessible description. */
export function StatusBadge({ label, className }: { label: StatusLabel; className?: string }) {
  const words = useStatusWords();
  return (
    <span
      data-status={label}
      title={words.orderMeaning(label)}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[statusTone(label)], className)}
    >
      {words.order(label)}
    </span>
  );
}

/** StatusExplained is the badge with its meaning written out, for the order screens. */
export function StatusExplained({ label }: { label: StatusLabel }) {
  const words = useStatusWords();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <StatusBadge label={label} />
      <span className="text-sm text-muted-foreground">{words.orderMeaning(label)}</span>
    </div>
  );
}
