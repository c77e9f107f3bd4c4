import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/i18n';
import { lastRefusal, subscribeRefusals, useOnline } from '@/lib/online';
import { cn } from '@/lib/utils';
import { formatClock } from '@/lib/format';

/**
 * OfflineBanner says, on every screen, that the app is offline (issue 26), and when the
 * screen shows data loaded before, from when: it may be out of date. For a few seconds
 * after a write was refused offline it says that this needs a connection. It renders
 * nothing online; the layouts place it.
 */
export function OfflineBanner({ className }: { className?: string }) {
  const online = useOnline();
  return online ? null : <Banner className={className} />;
}

/**
 * loadedAt is when the oldest read on screen was last loaded (the data shown is at
 * least that old), or null when the screen shows none. The session and version checks
 * are not what the screen shows and are left out.
 */
function loadedAt(client: QueryClient): number | null {
  let oldest: number | null = null;
  for (const q of client.getQueryCache().getAll()) {
    const domain = q.queryKey[0];
    if (domain === 'auth' || domain === 'system') continue;
    if (q.getObserversCount() === 0 || q.state.data === undefined || !q.state.dataUpdatedAt) continue;
    if (oldest === null || q.state.dataUpdatedAt < oldest) oldest = q.state.dataUpdatedAt;
  }
  return oldest;
}

function useLoadedAt(): number | null {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const snapshot = useCallback(() => loadedAt(client), [client]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** How long the banner repeats that an action needs a connection. */
const refusalShownFor = 6000;

/** useRecentRefusal is true for a few seconds after a write was refused offline. */
function useRecentRefusal(): boolean {
  const at = useSyncExternalStore(subscribeRefusals, lastRefusal, lastRefusal);
  const [over, setOver] = useState(0);
  useEffect(() => {
    if (!at) return;
    const id = setTimeout(() => setOver(at), Math.max(0, at + refusalShownFor - Date.now()));
    return () => clearTimeout(id);
  }, [at]);
  return at !== 0 && over !== at;
}

function Banner({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const at = useLoadedAt();
  const refused = useRecentRefusal();
  const time = at === null ? '' : formatClock(new Date(at), i18n.language);
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className={cn('flex items-start gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950', className)}
    >
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">{at === null ? t('offline.banner') : t('offline.shownFrom', { time })}</span>{' '}
        {refused ? (
          <span role="alert" className="font-semibold text-destructive">
            {t('offline.action')}
          </span>
        ) : (
          <span>{t('offline.hint')}</span>
        )}
      </p>
    </div>
  );
}
