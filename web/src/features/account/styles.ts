// Class names shared by the account screens (kept out of .tsx files for fast refresh).
export const textLink =
  'font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring';

/** formAlert is the box for an error about the whole form (not one field). */
export const formAlert =
  'rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive';
