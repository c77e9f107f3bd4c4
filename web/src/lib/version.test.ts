import { describe, expect, it } from 'vitest';
import { compareVersions, needsUpdate } from './version';

describe('versions', () => {
  it.each([
    ['5.3.0', '5.3.0', 0],
    ['5.3.0', '5.10.0', -1],
    ['9.0.0', '5.3.0', 1],
    ['5.3', '5.3.0', 0],
    ['5.3.1', '5.3', 1],
    ['garbage', '0.0.0', 0],
  ])('compareVersions(%s, %s) = %i', (a, b, want) => {
    expect(compareVersions(a, b)).toBe(want);
  });

  it('needs an update only when the minimum is above 5.3.0', () => {
    expect(needsUpdate('9.0.0')).toBe(true);
    expect(needsUpdate('5.3.1')).toBe(true);
    expect(needsUpdate('5.3.0')).toBe(false);
    expect(needsUpdate('5.2.9')).toBe(false);
    expect(needsUpdate(undefined)).toBe(false);
    expect(needsUpdate('')).toBe(false);
  });
});
