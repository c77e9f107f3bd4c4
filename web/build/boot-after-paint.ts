import type { HtmlTagDescriptor, Plugin } from 'vite';
import { preloadList } from './preload-list';

const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const preloadTag = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>\s*/g;

/**
 * Runs the app after the browser's first paint instead of before it. What
 * index.html shows (the app shell, or the prerendered sign-in screen) then paints
 * as soon as the HTML and the stylesheet are in; until then the network carries
 * only those two.
 *
 * Vite's <script type="module"> and its <link rel="modulepreload">s become one
 * <meta name="lockers-preload"> list (preload-boot-chunks.ts adds one with the
 * boot chunks, prerender-sign-in.ts one with the sign-in screen's chunks, hinted
 * only while that screen shows, and lockerd one with a deep link's page chunks).
 * Right after the first paint the inline boot script imports the entry and hints
 * every listed chunk as a modulepreload, so they still download in parallel, not
 * one round trip after another. A hidden tab paints nothing: it boots at once.
 * lockerd allows the script by its hash in the CSP.
 */
export function bootAfterPaint(): Plugin {
  return {
    name: 'lockers:boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = entryTag.exec(html)?.[1];
        if (!entry) throw new Error('boot-after-paint: no entry <script type="module"> in index.html');
        const files = [entry, ...[...html.matchAll(preloadTag)].map(([, href]) => href ?? '')];
        const tags: HtmlTagDescriptor[] = [
          preloadList(files),
          { tag: 'script', children: bootScript(entry), injectTo: 'body' },
        ];
        return { html: html.replace(entryTag, '').replace(preloadTag, ''), tags };
      },
    },
  };
}

// Plain ES5 for every browser the app runs in. "After the first paint" means after
// the browser reported its first contentful paint: a frame is drawn some time after
// requestAnimationFrame runs, and on a busy phone a timer set there can fire before
// it. Without the Paint Timing API the app starts after the next frame; the long
// timer is a safety net should no paint ever be reported.
function bootScript(entry: string): string {
  return `(function () {
  var started = false;
  function boot() {
    if (started) return;
    started = true;
    import(${JSON.stringify(entry)});
    var files = [], seen = {}, lists = document.querySelectorAll('meta[name="lockers-preload"]');
    var signIn = /^sign-in/.test(document.getElementById('root').getAttribute('data-prerendered') || '');
    for (var i = 0; i < lists.length; i++) {
      if (lists[i].getAttribute('data-preload') === 'sign-in' && !signIn) continue;
      var names = lists[i].content.split(' ');
      for (var j = 0; j < names.length; j++) if (!seen[names[j]]) files.push(seen[names[j]] = names[j]);
    }
    // One hint per task: each starts a fetch, a few milliseconds of main thread on a
    // slow phone, and all of them at once would hold it for tens of milliseconds. A
    // message, unlike a nested timer, yields without the browser's 4 ms clamp. Once
    // all are out, the app is told (src/app/boot-hints.ts): its first imports then
    // find every chunk on its way, and Vite's loader adds no links of its own in the
    // app's first task.
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files.shift();
      document.head.appendChild(link);
      if (files.length) return channel.port2.postMessage(0);
      document.documentElement.setAttribute('data-preloaded', '');
      document.dispatchEvent(new Event('lockers:preloaded'));
    };
    channel.port2.postMessage(0);
  }
  if (document.hidden) return boot();
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list) {
      var paints = list.getEntries();
      for (var i = 0; i < paints.length; i++) if (paints[i].name === 'first-contentful-paint') boot();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(boot, 3000);
  } else {
    requestAnimationFrame(function () { setTimeout(boot, 0); });
  }
})();`;
}
