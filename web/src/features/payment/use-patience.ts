import { useCallback, useEffect, useState } from 'react';
import { pollDelay } from './states';

/** How long the app keeps asking for the provider's answer before offering a way on (pollDelay's limit). */
export const patienceMs = 120_000;

/**
 * usePatience times one wait for the provider: `delay()` is the next poll delay (for
 * refetchInterval, by the time waited so far), and `exhausted` turns true once the
 * app stops asking, so the screen can offer a way on.
 */
export function usePatience() {
  const [since] = useState(() => Date.now());
  const [exhausted, setExhausted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setExhausted(true), patienceMs);
    return () => window.clearTimeout(timer);
  }, []);
  const delay = useCallback(() => pollDelay(Date.now() - since), [since]);
  return { delay, exhausted };
}
