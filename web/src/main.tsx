import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadApi } from '@/api/load';
import { App } from '@/app/App';
import { chunksHinted } from '@/app/boot-hints';
import { HandoffDone } from '@/app/handoff-done';
import { preloadRoute, redirectSignedOut } from '@/app/preload';
import { takeOverPrerender } from '@/app/prerender-handoff';
import { initI18n } from '@/i18n';
import { sentryDsn } from '@/lib/sentry-dsn';
import { rememberAttribution } from '@/lib/storage';
import './index.css';

rememberAttribution(window.location.search);
redirectSignedOut();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void chunksHinted().then(async () => {
  // The session check needs the API client at once: fetch it while the app renders.
  void loadApi().catch(() => {});
  // Sentry loads in its own chunk, and only when the server configured a DSN.
  const dsn = sentryDsn();
  if (dsn) void import('@/lib/sentry').then((m) => m.initSentry(dsn));

  await Promise.all([initI18n(), preloadRoute(window.location.pathname)]);
  takeOverPrerender(root);
  // As a transition React renders in slices of a few milliseconds, yielding to the
  // browser in between, instead of holding a phone's main thread for the whole tree
  // while the visitor may already be typing into the prerendered form.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
        <HandoffDone root={root} />
      </StrictMode>,
    );
  });
});
