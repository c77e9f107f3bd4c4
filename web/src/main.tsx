import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import '@/i18n';
import { sentryDsn } from '@/lib/sentry-dsn';
import { rememberAttribution } from '@/lib/storage';
import './index.css';

rememberAttribution(window.location.search);

// Sentry loads in its own chunk, and only when the server configured a DSN.
const dsn = sentryDsn();
if (dsn) void import('@/lib/sentry').then((m) => m.initSentry(dsn));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
