// index.html may show the prerendered sign-in form before the app runs (see
// build/prerender-sign-in.ts), and a quick visitor may already be typing into it.
// React's first render replaces those elements; this carries over what was typed
// and where the cursor was, so nothing is lost in the swap.

const typed = new Map<string, string>();

/**
 * takeOverPrerender records the values of the named inputs under root, before
 * React replaces them, and returns a function to call after rendering: it puts the
 * focus back on the same-named field of the live screen and forgets the values, so
 * a later visit to the form starts empty.
 */
export function takeOverPrerender(root: HTMLElement): () => void {
  for (const input of root.querySelectorAll('input[name]')) {
    if (input instanceof HTMLInputElement && input.value) typed.set(input.name, input.value);
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && root.contains(active) ? active.name : '';
  return () => {
    // After the commit that replaced the prerendered elements.
    requestAnimationFrame(() => {
      typed.clear();
      if (focused) [...root.querySelectorAll('input')].find((i) => i.name === focused)?.focus();
    });
  };
}

/** typedBeforeStart returns what was typed into the prerendered field name. */
export function typedBeforeStart(name: string): string {
  return typed.get(name) ?? '';
}
