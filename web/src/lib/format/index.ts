// The web app's one formatter of dates, times, durations, money and figures, for the
// consumer screens and the back office alike (decision 170). Dates and durations follow
// style.json, which the server's formatter (internal/format) reads too; both are tested
// against fixtures.json. Instants arrive as RFC 3339 strings and are shown on a
// station's clock, amounts as integer euro cents. Machine forms (CSV, file names, API
// bounds) stay ISO: days.ts.
export { apiLanguage, formatMoney, intlLocale } from '../money';
export { productZone } from './style';
export {
  deviceZone,
  formatCalendarDay,
  formatClock,
  formatDate,
  formatDateTime,
  formatInZone,
  formatInstant,
  formatRange,
  formatStationInstant,
  formatWhen,
  lastDay,
  zoneDiffers,
  zoneName,
} from './dates';
export { dayEnd, dayIn, dayStart, productDay, utcDay } from './days';
export { formatCharged, formatDuration, formatSecondsLeft, splitDuration } from './durations';
export { formatDimensions, formatNumber, formatPercent } from './numbers';
