/**
 * Sharing a link: the native app uses Capacitor's Share plugin (the system share
 * sheet), a browser the Web Share API where it has one. canShare says whether either
 * is there, so a screen offers Share only when it can work; copyText is the way that
 * works everywhere else.
 */

export interface ShareInput {
  title: string;
  text?: string;
  url: string;
}

export function canShare(): boolean {
  if (import.meta.env.MODE === 'native') return true;
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** share opens the share sheet; false when the user closed it without sharing. */
export async function share(input: ShareInput): Promise<boolean> {
  try {
    if (import.meta.env.MODE === 'native') {
      const { Share } = await import('@capacitor/share');
      await Share.share({ title: input.title, text: input.text, url: input.url, dialogTitle: input.title });
      return true;
    }
    await navigator.share(input);
    return true;
  } catch {
    // Cancelled by the user (AbortError) or refused: nothing was shared.
    return false;
  }
}

/** copyText puts text on the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
