import { useTranslation } from '@/i18n';
import { cn } from '@/lib/utils';

const steps = ['station', 'locker', 'time', 'confirm'] as const;

/** BookingSteps shows where in booking flow 1 the user is. */
export function BookingSteps({ current }: { current: (typeof steps)[number] }) {
  const { t } = useTranslation('booking');
  const at = steps.indexOf(current);
  return (
    <ol className="flex items-center gap-2 text-xs font-medium" aria-label={t('book.lead')}>
      {steps.map((s, i) => (
        <li key={s} className="flex items-center gap-2" aria-current={i === at ? 'step' : undefined}>
          <span
            className={cn(
              'grid size-6 place-items-center rounded-full border text-[11px]',
              i < at && 'border-primary bg-primary text-primary-foreground',
              i === at && 'border-primary text-primary',
              i > at && 'text-muted-foreground',
            )}
          >
            {i + 1}
          </span>
          <span className={cn('hidden sm:inline', i === at ? 'text-foreground' : 'text-muted-foreground')}>{t(`book.steps.${s}`)}</span>
          {i < steps.length - 1 && <span aria-hidden="true" className="h-px w-4 bg-border sm:w-6" />}
        </li>
      ))}
    </ol>
  );
}
