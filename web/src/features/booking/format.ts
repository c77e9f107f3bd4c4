// Booking's screens import the app's one formatter (lib/format.ts) from here.
export {
  formatDate,
  formatDateTime,
  formatDimensions,
  formatInstant,
  formatMoney,
  formatRange,
  intlLocale,
  splitDuration,
  zoneName,
} from '@/lib/format';
