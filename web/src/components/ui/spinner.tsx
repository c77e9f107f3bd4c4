import { cn } from '@/lib/utils';

/** Spinner is a small rotating ring (size-4 unless className sizes it); decorative, so screen readers skip it. */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      data-slot="spinner"
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={cn(className ?? 'size-4', 'animate-spin')}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
