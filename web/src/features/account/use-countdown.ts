import { useEffect, useState } from 'react';

/** secondsUntil is how many whole seconds remain until an ISO time (0 when past or unknown). */
export function secondsUntil(iso: string | undefined, now: number): number {
  if (!iso) return 0;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return 0;
  return Math.max(0, Math.ceil((t - now) / 1000));
}

/** useCountdown ticks once a second until the time has come, returning the seconds left. */
export function useCountdown(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const id = setInterval(() => {
      tick();
      if (secondsUntil(iso, Date.now()) === 0) clearInterval(id);
    }, 1000);
    const first = setTimeout(tick, 0); // start from a fresh clock when the target changes
    return () => {
      clearInterval(id);
      clearTimeout(first);
    };
  }, [iso]);
  return secondsUntil(iso, now);
}
