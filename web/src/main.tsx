import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadApi } from '@/api/load';
import { App } from '@/app/App';
import { preloadRoute } from '@/app/preload';
import { initI18n } from '@/i18n';
import { sentryDsn } from '@/lib/sentry-dsn';
import { rememberAttribution } from '@/lib/storage';
import './index.css';

rememberAttribution(window.location.search);
// The session check needs the API client at once: fetch it while the app renders.
void loadApi().catch(() => {});
preloadRoute(window.location.pathname);

// Sentry loads in its own chunk, and only when the server configured a DSN.
const dsn = sentryDsn();
if (dsn) void import('@/lib/sentry').then((m) => m.initSentry(dsn));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
