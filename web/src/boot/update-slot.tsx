import { lazy, Suspense, useSyncExternalStore } from 'react';
import { updateStore } from './update-store';

// The prompt's own chunk (its button and icon) loads only once a new build waits,
// so it adds nothing to the first load.
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/** UpdateSlot shows the "new version" prompt while a new build waits and the user has not put it off. */
export function UpdateSlot() {
  const pending = useSyncExternalStore(updateStore.subscribe, updateStore.pending, () => false);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
