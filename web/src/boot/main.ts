// The stylesheet is the entry's: Vite links it in index.html's head, so the first paint has it.
import '../index.css';

/**
 * The entry, imported by index.html's first-screen script after the first paint
 * (src/boot/first-screen.ts). It only imports the app: Vite's loader then adds a
 * modulepreload for every chunk the app needs, so they download in parallel.
 */
void import('./start');
