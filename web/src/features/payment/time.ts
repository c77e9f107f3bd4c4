// Payment's screens show instants with the app's one formatter (lib/format.ts).
export { formatInstant } from '@/lib/format';
