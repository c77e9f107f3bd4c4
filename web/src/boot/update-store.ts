/**
 * The "new build is out" state, shared by the service worker's registration
 * (src/boot/service-worker.ts) and the prompt (update-prompt.tsx) without React
 * state in between: the registration runs outside the tree, after the load event.
 */
type Apply = () => Promise<void>;

let apply: Apply | null = null;
let dismissed = false;
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

export const updateStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** pending is true while a new build waits and the user has not put the prompt off. */
  pending(): boolean {
    return apply !== null && !dismissed;
  },
};

/** offerUpdate records how to swap in the waiting build (the worker's skip-waiting and reload). */
export function offerUpdate(swap: Apply): void {
  apply = swap;
  dismissed = false;
  notify();
}

/** applyUpdate activates the waiting build; the page reloads into it. */
export function applyUpdate(): Promise<void> {
  return apply ? apply() : Promise.resolve();
}

/** dismissUpdate hides the prompt until the next build is found; the swap still happens on the next visit. */
export function dismissUpdate(): void {
  dismissed = true;
  notify();
}

/** updateWaiting is true when a new build is installed and waiting, prompt shown or not. */
export function updateWaiting(): boolean {
  return apply !== null;
}
