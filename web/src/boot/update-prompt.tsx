import { RefreshCw } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n';
import { applyUpdate, dismissUpdate, updateStore } from './update-store';

/**
 * UpdatePrompt tells the user a new build is installed and offers to reload into it.
 * It renders nothing until the service worker has found one.
 */
export function UpdatePrompt() {
  const pending = useSyncExternalStore(updateStore.subscribe, updateStore.pending, () => false);
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  if (!pending) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-lg"
    >
      <RefreshCw className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <p className="flex-1 text-sm">{t('update.available')}</p>
      <Button variant="ghost" size="sm" onClick={dismissUpdate}>
        {t('update.later')}
      </Button>
      <Button
        size="sm"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          void applyUpdate().catch(() => setReloading(false));
        }}
      >
        {t('update.apply')}
      </Button>
    </div>
  );
}
