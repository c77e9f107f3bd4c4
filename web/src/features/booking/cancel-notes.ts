import type { BookingT } from './labels';

/**
 * The preset cancel reasons of spec §3. They are stored in English, so operators
 * read one language, and shown translated back to the user.
 */
export const presetNotes = { justTesting: 'just testing', wrongInput: 'wrong input' } as const;

/** noteText shows a stored cancel note, translating a preset reason. */
export function noteText(t: BookingT, note: string): string {
  for (const [key, text] of Object.entries(presetNotes)) {
    if (note === text) return t(`cancel.${key as keyof typeof presetNotes}`);
  }
  return note;
}
