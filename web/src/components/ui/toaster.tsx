import { useSyncExternalStore } from 'react';
import { useTranslation } from '@/i18n';
import { cn } from '@/lib/utils';
import { currentToast, dismiss, subscribe } from './toast-store';

/**
 * Toaster is the toast viewport: full width at the bottom on phones, at most 420 px
 * wide in the bottom-right corner from medium screens up (spec §9). It shows the one
 * current toast; destructive toasts are announced assertively.
 */
export function Toaster() {
  const { t } = useTranslation();
  const item = useSyncExternalStore(subscribe, currentToast, currentToast);
  // Read at each render, so a translated toast follows a language change.
  const shown = item?.text ? item.text() : item;
  return (
    <div
      data-slot="toast-viewport"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] md:inset-x-auto md:right-0 md:w-full md:max-w-[420px]"
    >
      {item && (
        <div
          key={item.id}
          data-slot="toast"
          data-variant={item.variant}
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={item.variant === 'destructive' ? 'assertive' : 'polite'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg animate-in',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-white'
              : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            {shown?.title && <p className="text-sm font-semibold">{shown.title}</p>}
            {shown?.description && <p className="text-sm opacity-90">{shown.description}</p>}
          </div>
          <button
            type="button"
            onClick={() => dismiss(item.id)}
            aria-label={t('common.close')}
            className="absolute top-3 right-3 rounded-md p-1 opacity-80 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-current"
          >
            {/* Inline rather than lucide: the toaster is in the entry chunk. */}
            <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
