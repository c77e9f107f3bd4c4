import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { PlainFrame } from '@/app/layouts/plain-frame';
import { NavProvider } from '@/components/nav';
import { createI18n, defaultLanguage, I18nProvider, loadResources, type Language } from '@/i18n';
import LoginPage from '@/pages/auth/LoginPage';

/**
 * renderSignIn renders the sign-in screen (/login in its frame) to HTML with the
 * app's own components, at build time. index.html carries the result, so a visitor
 * without a session sees the form as soon as the HTML and CSS have arrived; React
 * then replaces it with the identical live screen (app/sign-in-screen.tsx, which
 * renders the same frame and page, without the router too).
 */
export async function renderSignIn(lng: Language): Promise<string> {
  const i18n = createI18n({ [defaultLanguage]: await loadResources(defaultLanguage), [lng]: await loadResources(lng) }, lng);
  const nav = { location: { pathname: '/login', search: '', hash: '', state: null }, navigate: () => {} };
  return renderToString(
    <I18nProvider value={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <NavProvider value={nav}>
          <PlainFrame>
            <LoginPage />
          </PlainFrame>
        </NavProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}
