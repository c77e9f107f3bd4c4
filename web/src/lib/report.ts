// reportError forwards an error to Sentry once it is running. Sentry itself loads in a
// lazy chunk only when a DSN is configured, so the entry stays small and reporting is
// off without one.
type Reporter = (error: unknown) => void;

let reporter: Reporter | null = null;

export function setReporter(r: Reporter | null): void {
  reporter = r;
}

export function reportError(error: unknown): void {
  reporter?.(error);
}
