/**
 * appStylesheet resolves once the app's whole stylesheet is there. index.html carries only
 * its first screens' styles inline (build/critical-css.ts); its first-screen script links the
 * whole stylesheet when it starts the app and marks the link's state on data-app-styles
 * ('loading', then 'load' or 'error'). The app's first render waits for it, so no screen
 * but the prerendered ones shows without its styles. A stylesheet that failed is not waited
 * for: the screen shows with the first screen's styles rather than not at all. Without such a
 * link (the dev server, tests) there is nothing to wait for.
 */
export function appStylesheet(doc: Document = document): Promise<void> {
  const link = doc.querySelector('link[data-app-styles]');
  if (link?.getAttribute('data-app-styles') !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
}
