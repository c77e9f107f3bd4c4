// Kept out of a .tsx file so that components exporting it stay fast-refreshable.
/** textLink styles an inline link (or a button that reads as one) inside running text. */
export const textLink =
  'font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring';
