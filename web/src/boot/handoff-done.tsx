import { useEffect } from 'react';
import { finishHandoff } from './prerender-handoff';

/**
 * HandoffDone finishes the prerender handoff once the first render is committed,
 * then calls onShown. Rendered after <App />: effects run children first and
 * siblings in order, so its effect runs when the live form is on screen.
 */
export function HandoffDone({ root, onShown }: { root: HTMLElement; onShown?: () => void }) {
  useEffect(() => {
    finishHandoff(root);
    onShown?.();
  }, [root, onShown]);
  return null;
}
