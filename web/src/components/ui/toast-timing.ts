// Toast auto-close rule of spec §9, kept pure so that it can be tested exactly.

export const toastTiming = {
  baseMs: 2000,
  perCharMs: 50,
  minMs: 3000,
  maxMs: 10000,
} as const;

export interface ToastTimingInput {
  title?: string;
  description?: string;
  /** A number overrides the computed time; false keeps the toast until it is closed. */
  duration?: number | false;
}

/**
 * toastDuration is how long a toast stays: 2000 ms plus 50 ms per character of title
 * and description, clamped to 3000–10000 ms, unless overridden (a number) or disabled
 * (false → Infinity, never auto-closes).
 */
export function toastDuration({ title = '', description = '', duration }: ToastTimingInput): number {
  if (duration === false) return Number.POSITIVE_INFINITY;
  if (typeof duration === 'number') return Math.max(0, duration);
  const chars = [...title].length + [...description].length;
  const ms = toastTiming.baseMs + toastTiming.perCharMs * chars;
  return Math.min(toastTiming.maxMs, Math.max(toastTiming.minMs, ms));
}
