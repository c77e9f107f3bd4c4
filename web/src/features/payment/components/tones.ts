import type { Tone } from '../states';

/** The badge colours of the payment screens, the same as the order status badges'. */
export const toneClasses: Record<Tone, string> = {
  good: 'bg-emerald-100 text-emerald-900',
  wait: 'bg-amber-100 text-amber-900',
  done: 'bg-muted text-muted-foreground',
  bad: 'bg-destructive/10 text-destructive',
};
