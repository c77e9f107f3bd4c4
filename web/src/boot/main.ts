// The stylesheet is the entry's. The build puts only the first screens' part of it into index.html
// (build/critical-css.ts); the first-screen script links the whole of it when it starts the app.
import '../index.css';
import { signInPath } from '@/app/sign-in-rule';

/**
 * The entry, imported by index.html's first-screen script at the visitor's first
 * input on the prerendered sign-in screen, after the first paint on any other
 * (src/boot/first-screen.ts). It imports the app in parts, all at once, so they
 * download in parallel (each part's own imports as soon as it has arrived; the
 * build adds no modulepreload links, see vite.config.ts), and each part's
 * modules run in a task of their own as it arrives.
 * As one import (start.tsx's own imports) they ran in one task of about 200 ms
 * at a phone's speed, in which a tap on the prerendered form waited.
 *
 * The last part is the first screen's own. The sign-in screen (/login, where the
 * first-screen script also sends a signed-out deep link) renders without the router:
 * its page and frame come with app/sign-in-screen.tsx, and the router (react-router
 * and the route table) loads at the visitor's first input (start.tsx). Any other path needs the
 * router to render at all: it loads with the rest and fetches the route's chunks.
 */
const onSignIn = window.location.pathname === signInPath;
const parts = {
  renderer: import('react-dom/client'),
  app: import('@/app/App'),
  i18n: import('@/i18n'),
  signIn: onSignIn ? import('@/app/sign-in-screen') : null,
  router: onSignIn ? null : import('@/app/router'),
};
/** The parts of the app, each a promise of its module (start.tsx awaits them). */
export type AppParts = typeof parts;

void import('./start').then((m) => m.startApp(parts));
