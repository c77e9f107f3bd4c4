// The only module that imports vite-plugin-pwa's registration (and with it
// workbox-window): service-worker.ts loads it after the load event, so none of it is
// in the entry, and tests replace it.
export { registerSW } from 'virtual:pwa-register';
