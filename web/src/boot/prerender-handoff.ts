// index.html may show the prerendered sign-in form before the app runs (see
// build/prerender.ts and src/boot/first-screen.ts), and the visitor is typing into it:
// the app starts at the first input. React's first render replaces those elements;
// this carries over what was typed (up to the moment of the swap), where the cursor
// was, and a submit or a button's click made before the app ran, so nothing is lost.

const typed = new Map<string, string>();
let focused = '';
/** The prerendered inputs: read again once React has replaced them (a detached input keeps its value). */
let prerendered: HTMLInputElement[] = [];
let stopFollowing = () => {};

/**
 * takeOverPrerender records the values of the named inputs under root and the focused
 * one, before React replaces them, and follows both until it has (finishHandoff): the
 * render takes a while on a phone, and the visitor goes on typing.
 */
export function takeOverPrerender(root: HTMLElement): void {
  prerendered = [...root.querySelectorAll('input[name]')].filter((i) => i instanceof HTMLInputElement);
  for (const input of prerendered) if (input.value) typed.set(input.name, input.value);
  const active = document.activeElement;
  focused = active instanceof HTMLInputElement && root.contains(active) ? active.name : '';
  const onFocus = (e: FocusEvent) => {
    if (e.target instanceof HTMLInputElement && prerendered.includes(e.target)) focused = e.target.name;
  };
  root.addEventListener('focusin', onFocus);
  stopFollowing = () => root.removeEventListener('focusin', onFocus);
}

/** typedBeforeStart returns what was typed into the prerendered field name (for a form's initial state). */
export function typedBeforeStart(name: string): string {
  return typed.get(name) ?? '';
}

/** setValue sets a field React controls as typing does, so its onChange hears of it. */
function setValue(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * finishHandoff runs once the first render is committed: it marks #root as the
 * app's (no longer data-prerendered), gives the live fields what was typed into the
 * prerendered ones after the render began, puts the focus back on the same-named
 * field, and forgets the values, so a later visit starts empty. Then, in a task of
 * its own (once React has rendered those values), it carries out the clicks on the
 * screen's buttons and the submit that first-screen.ts held (data-clicks,
 * data-submitted on #root): the screen is the same, so a button's position names it.
 */
export function finishHandoff(root: HTMLElement): void {
  root.removeAttribute('data-prerendered');
  stopFollowing();
  const live = [...root.querySelectorAll('input[name]')].filter((i) => i instanceof HTMLInputElement);
  for (const old of prerendered) {
    const input = live.find((i) => i.name === old.name && i !== old);
    if (input && old.value !== input.value) setValue(input, old.value);
  }
  if (focused) live.find((i) => i.name === focused)?.focus();
  typed.clear();
  prerendered = [];
  focused = '';

  const clicks = (root.getAttribute('data-clicks') ?? '').split(' ').filter(Boolean).map(Number);
  const submitted = root.hasAttribute('data-submitted');
  root.removeAttribute('data-clicks');
  root.removeAttribute('data-submitted');
  if (!clicks.length && !submitted) return;
  setTimeout(() => {
    for (const at of clicks) root.querySelectorAll('button')[at]?.click();
    if (submitted) root.querySelector('form')?.requestSubmit();
  }, 0);
}
