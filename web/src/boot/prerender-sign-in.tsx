import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import PlainLayout from '@/app/layouts/plain-layout';
import { defaultLanguage, i18nOptions, loadResources, type Language } from '@/i18n';
import LoginPage from '@/pages/auth/LoginPage';

/**
 * renderSignIn renders the sign-in screen (/login in its layout) to HTML with the
 * app's own components, at build time. index.html carries the result, so a visitor
 * without a session sees the form as soon as the HTML and CSS have arrived; React
 * then replaces it with the identical live screen.
 */
export async function renderSignIn(lng: Language): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({
    ...i18nOptions,
    resources: {
      [defaultLanguage]: { ...(await loadResources(defaultLanguage)) },
      ...(lng === defaultLanguage ? {} : { [lng]: { ...(await loadResources(lng)) } }),
    },
    lng,
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route element={<PlainLayout />}>
              <Route path="/login" element={<LoginPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
