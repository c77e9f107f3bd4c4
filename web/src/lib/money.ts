// Money and locale helpers with Intl only, shared by every feature that shows prices
// (booking, payment, invoice). Amounts arrive as integer euro cents.

/** intlLocale maps the app language to the locale Intl formats with. */
export function intlLocale(language: string): string {
  return language.toLowerCase().startsWith('et') ? 'et-EE' : 'en-US';
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * formatMoney shows integer cents as euros in the language's style:
 * 1250 → "€12.50" (en-US), "12,50 €" (et-EE). Negative amounts (a coupon line) keep their sign.
 */
export function formatMoney(cents: number, language: string): string {
  const locale = intlLocale(language);
  let f = moneyFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
    moneyFormats.set(locale, f);
  }
  // Integer arithmetic for the split; the division only feeds the display.
  const sign = cents < 0 ? -1 : 1;
  const abs = Math.abs(Math.trunc(cents));
  return f.format((sign * (Math.floor(abs / 100) * 100 + (abs % 100))) / 100);
}

/** apiLanguage is the two-letter language the server's pages and PDFs take ('en' | 'et'). */
export function apiLanguage(language: string): 'en' | 'et' {
  return language.toLowerCase().startsWith('et') ? 'et' : 'en';
}
