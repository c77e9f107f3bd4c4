import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ServerOff, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/i18n';
import { lastRefusal, subscribeRefusals, useConnection, type Connection } from '@/lib/online';
import { cn } from '@/lib/utils';
import { formatClock } from '@/lib/format';

/**
 * OfflineBanner says, on every screen, why the app cannot reach the server (issue 26,
 * issue 46): the device is offline, or it is online and the server does not answer. It
 * says so once, then, when the screen shows data loaded before, from when (it may be
 * out of date), and then what that means for actions — for a few seconds after a write
 * was refused, that this one needed the server. It renders nothing online; the layouts
 * place it.
 */
export function OfflineBanner({ className }: { className?: string }) {
  const state = useConnection();
  return state === 'online' ? null : <Banner state={state} className={className} />;
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

function Banner({ state, className }: { state: Exclude<Connection, 'online'>; className?: string }) {
  const { t, i18n } = useTranslation();
  const at = useLoadedAt();
  const refused = useRecentRefusal();
  const offline = state === 'offline';
  return (
    <div
      role="status"
      data-testid="offline-banner"
      data-connection={state}
      className={cn('flex items-start gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950', className)}
    >
      {offline ? <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <ServerOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
      <p>
        <span className="font-semibold">{offline ? t('offline.banner') : t('offline.unreachable')}</span>{' '}
        {at !== null && <span>{t('offline.shownFrom', { time: formatClock(new Date(at), i18n.language) })} </span>}
        {refused ? (
          <span role="alert" className="font-semibold text-destructive">
            {offline ? t('offline.action') : t('offline.actionUnreachable')}
          </span>
        ) : (
          <span>{offline ? t('offline.hint') : t('offline.unreachableHint')}</span>
        )}
      </p>
    </div>
  );
}
