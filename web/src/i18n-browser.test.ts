import { describe, expect, it } from 'vitest';
import { browserLanguage } from '@/i18n';

// Issue 28: a first visit follows the browser's language until the user chooses.
describe('browserLanguage', () => {
  it('takes the first Estonian or English entry of the list', () => {
    expect(browserLanguage(['et-EE', 'en-US'])).toBe('et');
    expect(browserLanguage(['et'])).toBe('et');
    expect(browserLanguage(['fi-FI', 'et', 'en'])).toBe('et');
    expect(browserLanguage(['en-GB', 'et'])).toBe('en-US');
  });

  it('is English for a browser that speaks neither, or says nothing', () => {
    expect(browserLanguage(['fi-FI', 'ru'])).toBe('en-US');
    expect(browserLanguage([])).toBe('en-US');
    expect(browserLanguage(undefined)).toBe('en-US');
  });

  it('does not mistake another language that starts with the same letters', () => {
    expect(browserLanguage(['eth', 'ent'])).toBe('en-US');
    expect(browserLanguage(['etx-XX', 'et-EE'])).toBe('et');
  });
});
