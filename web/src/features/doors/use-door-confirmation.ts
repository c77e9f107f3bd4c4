import { useCallback, useEffect, useState } from 'react';
import type { AppCode } from '@/api/generated/app-router';
import { AppError } from '@/lib/errors';
import { isNetworkFailure, useOnline } from '@/lib/online';
import { useOpenIntent, useOpenLocker, type LockerRef } from './api';

/**
 * refreshDelay is when to ask for the next intent while the dialog stays open: at 60 %
 * of the lifetime the server gave, measured on this device's clock. A clock that runs
 * ahead of the server's shortens it (one small request a second at worst); one that
 * runs behind makes a tap after the real expiry come back as "too late", which asks the
 * user to confirm again — never a late opening.
 */
export function refreshDelay(expiresAt: string, receivedAt: number): number {
  const lifetime = Date.parse(expiresAt) - receivedAt;
  if (!Number.isFinite(lifetime)) return 1000;
  return Math.min(Math.max(lifetime * 0.6, 1000), 5 * 60_000);
}

/** Why the last "Yes, open it" opened nothing. */
export type Attempt = 'offline' | 'tooLate' | { code: AppCode };

interface Intent {
  value: string;
  refreshAt: number;
  /** A refresh failed (offline): still sent if the user taps, the server judges it. */
  stale: boolean;
}

/**
 * useDoorConfirmation is the door dialog's state (issue 26). It asks the server for an
 * intent as soon as it is shown, and again before that one expires while it stays
 * open; "Yes, open it" spends the current intent (single use) on locker.open. Nothing
 * outlives the dialog: leaving it clears the timers, drops the answers still on their
 * way and — the app's rule for writes, app/query-client.ts — no request waits to be
 * sent later. A tap offline fails at once; back online, only a new intent is fetched,
 * so the door opens only on a new tap.
 */
export function useDoorConfirmation(ref: LockerRef) {
  const online = useOnline();
  const ask = useOpenIntent(ref);
  const open = useOpenLocker(ref);
  const [intent, setIntent] = useState<Intent | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);

  const askFor = ask.mutate;
  const request = useCallback(() => {
    askFor(undefined, {
      onSuccess: (res) => {
        const now = Date.now();
        setIntent({ value: res.intent, refreshAt: now + refreshDelay(res.expiresAt, now), stale: false });
      },
      onError: () => setIntent((old) => old && { ...old, stale: true }),
    });
  }, [askFor]);

  const refused = ask.isError && !isNetworkFailure(ask.error) ? AppError.from(ask.error).appCode : null;
  const busy = open.isPending || open.isSuccess;
  const needsIntent = online && (intent === null || intent.stale) && !ask.isPending && refused === null && !busy;
  useEffect(() => {
    if (needsIntent) request();
  }, [needsIntent, request]);

  const refreshAt = intent && !intent.stale && !busy ? intent.refreshAt : null;
  useEffect(() => {
    if (refreshAt === null) return;
    const id = setTimeout(request, Math.max(0, refreshAt - Date.now()));
    return () => clearTimeout(id);
  }, [refreshAt, request]);

  const confirm = () => {
    if (!intent) return;
    setIntent(null); // single use: another tap needs another intent
    setAttempt(null);
    open.mutate(intent.value, {
      onError: (err) => {
        if (isNetworkFailure(err)) return setAttempt('offline');
        const e = AppError.from(err);
        setAttempt(e.appCode === 'CANT_OPEN' && e.field === 'intent' ? 'tooLate' : { code: e.appCode });
      },
    });
  };

  return {
    online,
    /** An intent is at hand: "Yes, open it" can be sent. */
    ready: intent !== null,
    /** The first intent is on its way. */
    asking: intent === null && ask.isPending,
    /** The server refuses to open this door now (too early, unpaid, ...): shown instead of the question. */
    refused,
    /** Ask for an intent again after a refusal that may pass (a server failure). */
    retry: request,
    attempt,
    opening: open.isPending,
    opened: open.data ?? null,
    confirm,
    /** Forget the last failure (the rental moved to another compartment). */
    clearAttempt: () => {
      setAttempt(null);
      open.reset();
    },
  };
}
