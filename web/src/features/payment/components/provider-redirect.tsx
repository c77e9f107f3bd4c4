import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { ErrorState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { payError } from '../labels';
import { openProvider } from '../return-to';
import { RedirectNotice } from './redirect-notice';

interface ProviderRedirectProps {
  /** Gets the provider's page (and remembers where to come back); resolves to its URL. */
  start: () => Promise<string>;
  /** Where the user goes instead when it fails. */
  back: { to: string; label: string };
  title?: string;
}

/**
 * ProviderRedirect is the body of the prepare screens: on arrival it asks the
 * server for the provider's page once and opens it in this tab, saying meanwhile
 * that this may take up to 10 seconds. A failure says why, with "Try again" and a
 * way back.
 */
export function ProviderRedirect({ start, back, title }: ProviderRedirectProps) {
  const { t } = useTranslation('payment');
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  const run = useCallback(() => {
    setError(null);
    // The prepare screen gives its place in the history to the provider's page: Back
    // from there, or from where the provider returns to, skips it (issue 46).
    start().then((url) => openProvider(url, { replace: true }), setError);
  }, [start]);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects: each call may make a
    // new page at the provider.
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  if (error) {
    return (
      <ErrorState
        message={payError(t, error)}
        onRetry={run}
        action={
          <Link to={back.to} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {back.label}
          </Link>
        }
      />
    );
  }
  return <RedirectNotice title={title} />;
}
