import { useLayoutEffect } from 'react';
import { finishHandoff } from './prerender-handoff';

/**
 * HandoffDone finishes the prerender handoff once the first render is committed,
 * then calls onShown. Rendered after <App />: effects run children first and
 * siblings in order, so its effect runs when the live form is on screen. A layout
 * effect: it runs in the commit's own task, so no key the visitor types falls
 * between the swap of the form (which takes the focus away) and the focus's return.
 */
export function HandoffDone({ root, onShown }: { root: HTMLElement; onShown?: () => void }) {
  useLayoutEffect(() => {
    finishHandoff(root);
    onShown?.();
  }, [root, onShown]);
  return null;
}
