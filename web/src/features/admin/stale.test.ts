import { describe, expect, it } from 'vitest';
import { isStale } from './errors';

describe('isStale', () => {
  it('is a save refused because a colleague saved first: CANT_CHANGE on version', () => {
    expect(isStale({ data: { appCode: 'CANT_CHANGE', field: 'version' } })).toBe(true);
  });

  it('is not another refusal', () => {
    expect(isStale({ data: { appCode: 'CANT_CHANGE' } })).toBe(false);
    expect(isStale({ data: { appCode: 'MISSING_NOTE', field: 'version' } })).toBe(false);
    expect(isStale(null)).toBe(false);
    expect(isStale(new Error('network'))).toBe(false);
  });
});
