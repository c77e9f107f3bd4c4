import { describe, expect, it } from 'vitest';
import { coreBase, crossOrigin } from './base';

describe('coreBase', () => {
  it('is the same-origin /c-core prefix in the web build', () => {
    expect(coreBase(undefined)).toBe('/c-core');
    expect(coreBase('  ')).toBe('/c-core');
  });

  it('is the configured absolute core URL in the native build, without a trailing slash', () => {
    expect(coreBase('https://lockers.example/c-core/')).toBe('https://lockers.example/c-core');
  });

  it('sends credentials only across origins', () => {
    expect(crossOrigin('/c-core')).toBe(false);
    expect(crossOrigin('https://lockers.example/c-core')).toBe(true);
    expect(crossOrigin('http://127.0.0.1:8080/c-core')).toBe(true);
  });
});
