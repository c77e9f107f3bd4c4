import { useEffect, useState } from 'react';

/** An instant to count down to: an ISO time from the server, epoch milliseconds, or none. */
export type Until = string | number | null | undefined;

function instant(until: Until): number {
  if (until === null || until === undefined) return Number.NaN;
  return typeof until === 'number' ? until : Date.parse(until);
}

/** secondsUntil is how many whole seconds remain until `until` (0 when past, unknown or unreadable). */
export function secondsUntil(until: Until, now: number): number {
  const t = instant(until);
  if (Number.isNaN(t)) return 0;
  return Math.max(0, Math.ceil((t - now) / 1000));
}

/**
 * useCountdown is the whole seconds left until `until`, updated once a second; it stops
 * ticking at 0 and starts from a fresh clock when `until` changes. The resend buttons of
 * the code forms, the open door's closing time and the keypad lockout count with it.
 */
export function useCountdown(until: Until): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const id = setInterval(() => {
      tick();
      if (secondsUntil(until, Date.now()) === 0) clearInterval(id);
    }, 1000);
    const first = setTimeout(tick, 0); // start from a fresh clock when the target changes
    return () => {
      clearInterval(id);
      clearTimeout(first);
    };
  }, [until]);
  return secondsUntil(until, now);
}
