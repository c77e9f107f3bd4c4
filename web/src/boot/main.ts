// The stylesheet is the entry's: it is linked in index.html's head, so the first paint has it.
import '../index.css';

/**
 * The entry: it starts the app after the browser's first paint instead of before
 * it. What index.html shows (the app shell, or the prerendered sign-in screen, put
 * there by its first-screen script) then paints as soon as the HTML and the
 * stylesheet are in, while the network carries little else. Vite's loader hints
 * every chunk the app needs as a modulepreload when it is imported, so they still
 * download in parallel. A hidden tab paints nothing: it starts at once.
 */
const start = () => void import('./start');

const paints = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
if (document.hidden || !paints) {
  start();
} else {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
}
