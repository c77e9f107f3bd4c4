import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppCode } from '@/api/generated/app-router';
import { AppError } from '@/lib/errors';
import { isNetworkFailure, useOnline } from '@/lib/online';
import { revokeIntent, useOpenIntent, useOpenLocker, watchDoor, type LockerRef } from './api';

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

/**
 * What a stop asked while an open was on its way came to: 'asking' until the server
 * answers, 'stopped' when the intent was withdrawn in time (the open, when it arrives,
 * opens nothing), 'tooLate' when the open had used it already (the door is opening).
 */
export type Stop = 'asking' | 'stopped' | 'tooLate';

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
 *
 * A door opens only while the user still wants it (issue 43): "No, keep it closed"
 * (keepClosed) and leaving the screen withdraw the intent on the server, and while an
 * open is on its way the screen offers "Stop" (stop) instead of a "No" it could not keep:
 * the server says whether the stop was in time.
 */
export function useDoorConfirmation(ref: LockerRef) {
  const online = useOnline();
  const ask = useOpenIntent(ref);
  const open = useOpenLocker(ref);
  const [intent, setIntent] = useState<Intent | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [stop, setStop] = useState<Stop | null>(null);
  // What leaving the screen withdraws: the intent at hand, or the one an open carries.
  const pending = useRef<{ intent: string | null; sent: string | null }>({ intent: null, sent: null });
  const sending = open.isPending ? (open.variables ?? null) : null;
  useEffect(() => {
    pending.current = { intent: intent?.value ?? null, sent: sending };
  }, [intent, sending]);
  const { orderUuid, orderLockerUuid } = ref;
  useEffect(() => {
    const stopWatching = watchDoor(orderLockerUuid);
    const left = pending;
    return () => {
      stopWatching();
      const { intent: unused, sent } = left.current;
      for (const token of [unused, sent]) {
        if (token) void revokeIntent({ orderUuid, orderLockerUuid }, token).catch(() => undefined);
      }
    };
  }, [orderUuid, orderLockerUuid]);

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
    setStop(null);
    open.mutate(intent.value, {
      onError: (err) => {
        if (isNetworkFailure(err)) return setAttempt('offline');
        const e = AppError.from(err);
        setAttempt(e.appCode === 'CANT_OPEN' && e.field === 'intent' ? 'tooLate' : { code: e.appCode });
      },
    });
  };

  /** "Stop" while the open is on its way: withdraw its intent, and say whether that was in time. */
  const stopOpening = () => {
    const sent = open.variables;
    if (!open.isPending || !sent) return;
    setStop('asking');
    revokeIntent(ref, sent).then(
      (revoked) => setStop(revoked ? 'stopped' : 'tooLate'),
      () => setStop('tooLate'), // unknown: the open may still arrive, so never claim it was stopped
    );
  };

  /** "No, keep it closed": the intent at hand is withdrawn before the screen goes. */
  const keepClosed = () => {
    const unused = intent?.value;
    setIntent(null);
    pending.current.intent = null; // withdrawn here: leaving need not ask again
    if (unused) void revokeIntent(ref, unused).catch(() => undefined);
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
    /** A stop that came in time makes the open's refusal the expected answer, not a failure. */
    attempt: stop === 'stopped' ? null : attempt,
    opening: open.isPending,
    stop,
    stopOpening,
    keepClosed,
    opened: open.data ?? null,
    confirm,
    /** Forget the last failure (the rental moved to another compartment). */
    clearAttempt: () => {
      setAttempt(null);
      setStop(null);
      open.reset();
    },
  };
}
