/** The events that mean the visitor has started to use the page. */
const inputEvents = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * onFirstInput runs fn once, at the visitor's first tap, click, key or scroll:
 * what the first screen does not need (the rest of the router, every text, Sentry)
 * waits for it, so none of it competes with the first screen for a phone's main
 * thread before the visitor does anything. A key press or tap that reaches the
 * screen still works at once: fn only starts loading in the background.
 * When an input has already started the app (the sign-in screen waits for one,
 * src/boot/first-screen.ts, which marks <html> data-input), fn runs in the next task.
 */
export function onFirstInput(fn: () => void, win: Window = window): void {
  if (win.document?.documentElement?.hasAttribute('data-input')) {
    win.setTimeout(fn, 0);
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of inputEvents) win.removeEventListener(type, run, true);
    fn();
  };
  for (const type of inputEvents) win.addEventListener(type, run, { capture: true, passive: true });
}
