import * as Sentry from '@sentry/react';
import { appVersion } from './version';
import { setReporter } from './report';

/** initSentry starts error reporting with every error and trace sampled (spec §7). */
export function initSentry(dsn: string): void {
  Sentry.init({
    dsn,
    release: `lockers-web@${appVersion}`,
    sampleRate: 1,
    tracesSampleRate: 1,
    integrations: [Sentry.browserTracingIntegration()],
  });
  setReporter((error) => Sentry.captureException(error));
}
