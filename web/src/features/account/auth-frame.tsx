import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { Card, Page, type PageId } from '@/components/page';
import { cn } from '@/lib/utils';

interface AuthFrameProps {
  page: PageId;
  lead?: ReactNode;
  /** Registration progress: [current step, total]. */
  step?: [number, number];
  /** Below the card: links to the other flows. */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** AuthFrame is the frame of the sign-in, registration and reset screens. */
export function AuthFrame({ page, lead, step, footer, className, children }: AuthFrameProps) {
  const { t } = useTranslation('account');
  return (
    <Page page={page} className="gap-5">
      {(step || lead) && (
        <div className="-mt-3 grid gap-3">
          {lead && <p className="text-muted-foreground">{lead}</p>}
          {step && <StepProgress step={step[0]} total={step[1]} label={t('steps.progress', { step: step[0], total: step[1] })} />}
        </div>
      )}
      <Card className={cn('grid gap-5', className)}>{children}</Card>
      {footer && <div className="grid gap-2 text-center text-sm text-muted-foreground">{footer}</div>}
    </Page>
  );
}

function StepProgress({ step, total, label }: { step: number; total: number; label: string }) {
  return (
    <div className="grid gap-1.5">
      <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        className="flex gap-1.5"
      >
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={cn('h-1.5 flex-1 rounded-full', i < step ? 'bg-primary' : 'bg-border')} />
        ))}
      </div>
    </div>
  );
}
