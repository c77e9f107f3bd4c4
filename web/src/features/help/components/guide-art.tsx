// The guide's illustrations: small line drawings shipped with the app (no
// requests, no licences), in the theme's colours so they follow dark mode.
import type { ReactNode } from 'react';

function Art({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 120 90" className="h-auto w-full" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

/** A map pin above a cabinet of lockers. */
export function ChooseArt() {
  return (
    <Art>
      <rect x="30" y="40" width="60" height="44" rx="4" className="text-muted-foreground" />
      <path d="M50 40v44M70 40v44M30 62h60" className="text-muted-foreground" />
      <g transform="translate(0 5)">
        <path d="M60 36c-10-12-14-18-14-24a14 14 0 0 1 28 0c0 6-4 12-14 24z" className="fill-primary/15 text-primary" />
        <circle cx="60" cy="12" r="4.5" className="text-primary" />
      </g>
    </Art>
  );
}

/** A card with a check mark. */
export function PayArt() {
  return (
    <Art>
      <rect x="14" y="22" width="72" height="48" rx="6" className="text-muted-foreground" />
      <path d="M14 36h72M24 56h18" className="text-muted-foreground" />
      <circle cx="90" cy="64" r="16" className="fill-primary/15 text-primary" />
      <path d="m82 64 6 6 10-12" className="text-primary" />
    </Art>
  );
}

/** Two code bubbles: one for putting in, one for taking out. */
export function CodesArt() {
  return (
    <Art>
      <rect x="8" y="14" width="58" height="26" rx="8" className="fill-primary/15 text-primary" />
      <path d="M20 27h0M30 27h0M40 27h0M50 27h0" strokeWidth="5" className="text-primary" />
      <rect x="54" y="50" width="58" height="26" rx="8" className="text-muted-foreground" />
      <path d="M66 63h0M76 63h0M86 63h0M96 63h0" strokeWidth="5" className="text-muted-foreground" />
      <path d="M37 40v8l8-8" className="text-primary" />
    </Art>
  );
}

/** A keypad next to an open locker door. */
export function OpenArt() {
  return (
    <Art>
      <rect x="14" y="14" width="40" height="64" rx="4" className="text-muted-foreground" />
      <path d="M54 14l26 8v48l-26 8" className="fill-primary/15 text-primary" />
      <rect x="88" y="24" width="24" height="36" rx="3" className="text-muted-foreground" />
      <path d="M94 32h0M100 32h0M106 32h0M94 40h0M100 40h0M106 40h0M94 48h0M100 48h0M106 48h0" strokeWidth="4" className="text-primary" />
    </Art>
  );
}

/** A clock with an arrow going on, and a receipt. */
export function FinishArt() {
  return (
    <Art>
      <circle cx="42" cy="46" r="28" className="text-primary" />
      <path d="M42 30v16l11 7" className="text-primary" />
      <path d="M70 46a28 28 0 0 1-6 17" className="text-primary" />
      <path d="M84 22h24v52l-6-4-6 4-6-4-6 4z" className="fill-primary/15 text-muted-foreground" />
      <path d="M90 34h12M90 44h12M90 54h8" className="text-muted-foreground" />
    </Art>
  );
}
