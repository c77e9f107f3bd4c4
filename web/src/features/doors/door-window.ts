import { useEffect, useState } from 'react';
import type { OrderView } from '@/api/generated/app-router';

/**
 * The order statuses in which the server opens the door from the app
 * (docs/decisions/042-doors-open-by-the-sensor.md).
 */
const opening: ReadonlySet<OrderView['status']> = new Set(['booked', 'active', 'extended']);

export type DoorWindow = 'now' | 'early' | 'closed';

/**
 * doorWindow says whether locker.open would be accepted: only for a paid order and only
 * inside the order's own timeframe. Before the start the app does not offer the door
 * (issue 26): the server would refuse it.
 */
export function doorWindow(order: Pick<OrderView, 'status' | 'start' | 'end'>, now = Date.now()): DoorWindow {
  if (!opening.has(order.status) || now >= Date.parse(order.end)) return 'closed';
  return now < Date.parse(order.start) ? 'early' : 'now';
}

/** useDoorWindow is doorWindow kept current: it changes by itself at the start and at the end. */
export function useDoorWindow(order: Pick<OrderView, 'status' | 'start' | 'end'>): DoorWindow {
  const [now, setNow] = useState(() => Date.now());
  const when = doorWindow(order, now);
  const next = when === 'early' ? Date.parse(order.start) : when === 'now' ? Date.parse(order.end) : null;
  useEffect(() => {
    if (next === null) return;
    // setTimeout holds at most about 24.8 days; a later change is picked up by the next render.
    const id = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, next - Date.now()) + 50, 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [next, now]);
  return when;
}
