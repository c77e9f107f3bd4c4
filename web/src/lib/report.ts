// reportError forwards an error to Sentry. Sentry itself loads in a lazy chunk only
// when a DSN is configured (so the entry stays small and reporting is off without
// one), and only at the visitor's first input or at the first error, whichever comes
// first (src/boot/start.tsx): an error reported before it runs waits here for it.
type Reporter = (error: unknown) => void;

/** At most this many errors wait for Sentry: a loop of failures must not fill memory. */
const maxWaiting = 10;

let reporter: Reporter | null = null;
let expected = false; // a reporter will come: errors wait for it
let waiting: unknown[] = [];
let onFirst: (() => void) | null = null;

/** setReporter starts forwarding, first the errors that waited for it. */
export function setReporter(r: Reporter | null): void {
  reporter = r;
  if (!r) return;
  const earlier = waiting;
  waiting = [];
  earlier.forEach(r);
}

/**
 * whenFirstReported says a reporter will be set: from now on errors wait for it, and
 * fn runs at the first of them.
 */
export function whenFirstReported(fn: () => void): void {
  expected = true;
  onFirst = fn;
}

export function reportError(error: unknown): void {
  if (reporter) {
    reporter(error);
    return;
  }
  if (!expected) return;
  if (waiting.length < maxWaiting) waiting.push(error);
  const fn = onFirst;
  onFirst = null;
  fn?.();
}
