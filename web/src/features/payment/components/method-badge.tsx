import { useTranslation } from '@/i18n';
import { cn } from '@/lib/utils';
import { methodTone, type MethodLabel } from '../states';
import { toneClasses } from './tones';

/** MethodBadge shows a card's spec §4 state (active, valid, settled, ...); its meaning is the tooltip. */
export function MethodBadge({ label, className }: { label: MethodLabel; className?: string }) {
  const { t } = useTranslation('payment');
  return (
    <span
      data-method-state={label}
      title={t(`method.meaning.${label}`)}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[methodTone(label)], className)}
    >
      {t(`method.label.${label}`)}
    </span>
  );
}
