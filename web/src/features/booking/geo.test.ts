import { describe, expect, it } from 'vitest';
import { byDistance, distanceKm, formatDistance, placed } from './geo';

const tallinn = { latitude: 59.437, longitude: 24.7536 };
const tartu = { latitude: 58.378, longitude: 26.729 };

describe('geo', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(tallinn, tartu)).toBeGreaterThan(160);
    expect(distanceKm(tallinn, tartu)).toBeLessThan(165);
    expect(distanceKm(tallinn, tallinn)).toBe(0);
  });
  it('orders nearest first and keeps stations without coordinates last', () => {
    const none = { name: 'none', latitude: 0, longitude: 0 };
    const a = { name: 'tartu', ...tartu };
    const b = { name: 'tallinn', ...tallinn };
    expect(byDistance([none, a, b], { latitude: 58.4, longitude: 26.7 }).map((s) => s.name)).toEqual(['tartu', 'tallinn', 'none']);
    expect(placed(none)).toBe(false);
  });
  it('formats distances in the screen language', () => {
    expect(formatDistance(0.234, 'en-GB')).toBe('230 m');
    expect(formatDistance(1.26, 'en-GB')).toBe('1.3 km');
    expect(formatDistance(1.26, 'et-EE')).toBe('1,3 km');
    expect(formatDistance(162.4, 'en-GB')).toBe('162 km');
  });
});
