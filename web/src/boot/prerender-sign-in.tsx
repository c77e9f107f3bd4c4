import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import PlainLayout from '@/app/layouts/plain-layout';
import { createI18n, defaultLanguage, I18nProvider, loadResources, type Language } from '@/i18n';
import LoginPage from '@/pages/auth/LoginPage';

/**
 * renderSignIn renders the sign-in screen (/login in its layout) to HTML with the
 * app's own components, at build time. index.html carries the result, so a visitor
 * without a session sees the form as soon as the HTML and CSS have arrived; React
 * then replaces it with the identical live screen.
 */
export async function renderSignIn(lng: Language): Promise<string> {
  const i18n = createI18n({ [defaultLanguage]: await loadResources(defaultLanguage), [lng]: await loadResources(lng) }, lng);
  return renderToString(
    <I18nProvider value={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route element={<PlainLayout />}>
              <Route path="/login" element={<LoginPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}
