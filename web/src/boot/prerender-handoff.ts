// index.html may show the prerendered sign-in form before the app runs (see
// build/prerender.ts), and a quick visitor may already be typing into it.
// React's first render replaces those elements; this carries over what was typed
// and where the cursor was, so nothing is lost in the swap.

const typed = new Map<string, string>();
let focused = '';

/** takeOverPrerender records the values of the named inputs under root and the focused one, before React replaces them. */
export function takeOverPrerender(root: HTMLElement): void {
  for (const input of root.querySelectorAll('input[name]')) {
    if (input instanceof HTMLInputElement && input.value) typed.set(input.name, input.value);
  }
  const active = document.activeElement;
  focused = active instanceof HTMLInputElement && root.contains(active) ? active.name : '';
}

/** typedBeforeStart returns what was typed into the prerendered field name (for a form's initial state). */
export function typedBeforeStart(name: string): string {
  return typed.get(name) ?? '';
}

/**
 * finishHandoff runs once the first render is committed: it marks #root as the
 * app's (no longer data-prerendered), puts the focus back on the same-named field
 * of the live screen and forgets the values, so a later visit starts empty.
 */
export function finishHandoff(root: HTMLElement): void {
  root.removeAttribute('data-prerendered');
  typed.clear();
  if (focused) [...root.querySelectorAll('input')].find((i) => i.name === focused)?.focus();
  focused = '';
}
