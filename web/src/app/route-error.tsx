import { Component, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { useOnline } from '@/lib/online';
import { reportError } from '@/lib/report';

/** RouteError replaces a page that threw while loading or rendering. */
export function RouteError() {
  const { t } = useTranslation();
  // Offline, a page not loaded before is out of reach until the connection is back (issue 26).
  const online = useOnline();
  return (
    <div role="alert" className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{online ? t('errors.pageLoad') : t('offline.needsConnection')}</h1>
      {online && <p className="text-muted-foreground">{t('errors.pageLoadBody')}</p>}
      {/* A plain button: this screen is in the entry chunk, the Button primitive is not. Offline a reload would only show the browser's offline page. */}
      {online && (
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="h-10 justify-self-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Changing it (the path) clears a shown error, so navigating away recovers. */
  resetKey: string;
}

/** PageErrorBoundary keeps a failing page from taking the menu and the app down with it. */
export class PageErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  state = { failedAt: null as string | null };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: '' };
  }

  componentDidCatch(error: unknown): void {
    this.setState({ failedAt: this.props.resetKey });
    reportError(error);
  }

  render() {
    const { failedAt } = this.state;
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey)) return <RouteError />;
    return this.props.children;
  }
}
