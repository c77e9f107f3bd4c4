import type { AdminCompartmentFields, AdminStationFields } from '@/api/generated/app-router';
import { productZone } from '@/lib/format';

/** A new station starts in Tallinn, on the product's zone, open 24/7. */
export const emptyStation: AdminStationFields = {
  name: '',
  address: '',
  city: '',
  latitude: 59.437,
  longitude: 24.7536,
  timeZone: productZone,
  openingHours: '24/7',
  active: true,
};

/** A new compartment starts as a small standard one at room temperature. */
export const emptyCompartment: AdminCompartmentFields = {
  label: '',
  height: 'small',
  type: 'standard',
  temperature: 'neutral',
  heightMm: 300,
  widthMm: 400,
  depthMm: 500,
  outOfService: false,
};
