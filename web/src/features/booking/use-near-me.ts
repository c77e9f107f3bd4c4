import { useCallback, useState } from 'react';
import type { LatLon } from './geo';

export type NearMe =
  | { state: 'off' }
  | { state: 'asking' }
  | { state: 'on'; at: LatLon }
  | { state: 'denied' }
  | { state: 'unavailable' };

/**
 * useNearMe asks the browser for the user's position when they press "nearest
 * first", never before: the permission prompt comes from their own action, and a
 * refusal only leaves the list in its usual order.
 */
export function useNearMe(): [NearMe, () => void] {
  const [near, setNear] = useState<NearMe>({ state: 'off' });
  const ask = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setNear({ state: 'unavailable' });
      return;
    }
    setNear({ state: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (p) => setNear({ state: 'on', at: { latitude: p.coords.latitude, longitude: p.coords.longitude } }),
      (e) => setNear({ state: e.code === e.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }, []);
  return [near, ask];
}
