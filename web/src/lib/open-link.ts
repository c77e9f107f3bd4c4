/**
 * openLink leaves the app for a page of another site (the payment provider's one-time
 * page). In the native app it opens in the in-app browser (SFSafariViewController,
 * Chrome Custom Tabs), so the app keeps its state underneath and the provider's
 * "you can close this tab" return page closes back into it; on the web it is this tab.
 * The plugin is imported only in the native build.
 */
export function openLink(url: string, { replace = false }: { replace?: boolean } = {}): void {
  if (import.meta.env.MODE === 'native') {
    void import('@capacitor/browser').then(({ Browser }) => Browser.open({ url, presentationStyle: 'popover' }));
    return;
  }
  // replace: the page leaving is only a way there (a /prepare screen), which Back
  // must not return to: it would ask the provider for a page again (issue 46).
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}
