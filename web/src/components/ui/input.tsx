import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

// Shared look of text controls; aria-invalid turns the border and ring red.
export const controlClass =
  'w-full min-w-0 rounded-lg border border-border bg-card px-3 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm';

/** Input is a styled text field; 16 px text on phones keeps iOS from zooming in. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(controlClass, 'h-11 py-2 md:h-10', className)} {...props} />;
}
