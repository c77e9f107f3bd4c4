import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

const tones = {
  info: 'bg-secondary text-secondary-foreground',
  success: 'bg-emerald-50 text-emerald-900 border border-emerald-200',
  warning: 'bg-amber-50 text-amber-900 border border-amber-200',
  error: 'bg-destructive/10 text-destructive border border-destructive/30',
} as const;

interface NoticeProps {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}

/** Notice is an inline message about the screen's state: info, success, warning or error, announced when it appears. */
export function Notice({ tone = 'info', children, className }: NoticeProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-xl px-4 py-3 text-sm font-medium', tones[tone], className)}>
      {children}
    </div>
  );
}
