// Figures for people: counts with decimals, shares and parcel sizes, in each
// language's way (money is money.ts's, through the index).
import { intlLocale } from '../money';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** formatNumber writes a figure in the language: "21.2" in English, "21,2" in Estonian. */
export function formatNumber(n: number, language: string, digits = 1): string {
  const key = `${intlLocale(language)}|${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, f);
  }
  return f.format(n);
}

/**
 * formatPercent writes a share already in per cent as each language writes it: "21.2%" in
 * English, "21,2 %" in Estonian (a space before the sign, which does not break).
 */
export function formatPercent(pct: number, language: string, digits = 1): string {
  const n = formatNumber(pct, language, digits);
  return intlLocale(language) === 'et-EE' ? `${n}\u00a0%` : `${n}%`;
}

/** formatDimensions shows dimensions "H × W × D" in centimetres, as people measure parcels. */
export function formatDimensions(d: { height: number; width: number; depth: number }, language: string): string {
  const f = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });
  return `${f.format(d.height / 10)} × ${f.format(d.width / 10)} × ${f.format(d.depth / 10)} cm`;
}
