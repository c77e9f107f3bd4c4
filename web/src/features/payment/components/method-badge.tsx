import { useStatusWords } from '@/lib/status-words';
import { cn } from '@/lib/utils';
import { methodTone, type MethodLabel } from '../states';
import { toneClasses } from './tones';

/** MethodBadge shows a card's spec §4 state (active, valid, settled, ...); its meaning is the tooltip. */
export function MethodBadge({ label, className }: { label: MethodLabel; className?: string }) {
  const words = useStatusWords();
  return (
    <span
      data-method-state={label}
      title={words.cardMeaning(label)}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[methodTone(label)], className)}
    >
      {words.card(label)}
    </span>
  );
}
