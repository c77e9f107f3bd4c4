// The price rule of the server (internal/station PriceFor), repeated here only to
// preview an extension before the user commits; the server computes what is charged.
// Every full 24 hours cost the daily rate; the rest costs the hourly rate per
// started hour, never more than one daily rate. Integer cents throughout.

export interface Rate {
  hourlyCents: number;
  dailyCents: number;
}

/** priceFor is the VAT-inclusive price of one locker for a duration in minutes. */
export function priceFor(rate: Rate, minutes: number): number {
  if (minutes <= 0) return 0;
  const days = Math.floor(minutes / 1440);
  const rest = minutes - days * 1440;
  const hours = Math.ceil(rest / 60);
  return days * rate.dailyCents + Math.min(hours * rate.hourlyCents, rate.dailyCents);
}

/** extensionPrice is what moving a locker's end costs: the price difference, never negative. */
export function extensionPrice(rate: Rate, start: Date, oldEnd: Date, newEnd: Date): number {
  const mins = (a: Date, b: Date) => Math.floor((b.getTime() - a.getTime()) / 60_000);
  return Math.max(priceFor(rate, mins(start, newEnd)) - priceFor(rate, mins(start, oldEnd)), 0);
}

/** vatOf is the VAT inside a VAT-inclusive amount at rate percent, rounded half up to the cent. */
export function vatOf(cents: number, percent: number): number {
  if (cents < 0) return -vatOf(-cents, percent);
  return Math.floor((cents * percent + Math.floor((100 + percent) / 2)) / (100 + percent));
}

/** The parts of a price by the rule above, for saying how it came about before paying (issue 28). */
export interface PriceParts {
  /** Full 24 hours, each at the daily price. */
  days: number;
  /** Started hours after the full days. */
  hours: number;
  /** The started hours would cost more than a day: they cost the daily price instead. */
  capped: boolean;
  cents: number;
}

/** priceParts splits priceFor's result into its full days and started hours. */
export function priceParts(rate: Rate, minutes: number): PriceParts {
  if (minutes <= 0) return { days: 0, hours: 0, capped: false, cents: 0 };
  const days = Math.floor(minutes / 1440);
  const hours = Math.ceil((minutes - days * 1440) / 60);
  return { days, hours, capped: hours * rate.hourlyCents > rate.dailyCents, cents: priceFor(rate, minutes) };
}
