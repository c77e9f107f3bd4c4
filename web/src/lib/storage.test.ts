import { beforeEach, describe, expect, it } from 'vitest';
import { rememberAttribution, storageKeys } from './storage';

describe('rememberAttribution', () => {
  beforeEach(() => localStorage.clear());

  it('stores the defaults web / default without URL parameters', () => {
    rememberAttribution('');
    expect(localStorage.getItem('__SOURCE')).toBe('web');
    expect(localStorage.getItem('__CAMPAIGN')).toBe('default');
  });

  it('stores source and campaign from the URL', () => {
    rememberAttribution('?source=newsletter&campaign=spring');
    expect(localStorage.getItem(storageKeys.source)).toBe('newsletter');
    expect(localStorage.getItem(storageKeys.campaign)).toBe('spring');
  });

  it('keeps an earlier attribution when a later visit has no parameters', () => {
    rememberAttribution('?source=poster');
    rememberAttribution('');
    expect(localStorage.getItem('__SOURCE')).toBe('poster');
    expect(localStorage.getItem('__CAMPAIGN')).toBe('default');
  });

  it('names the keys of spec §9', () => {
    expect(storageKeys).toMatchObject({
      bearer: 'Bearer',
      deviceToken: 'device-token',
      preLoginUrl: 'pre_login_url',
      source: '__SOURCE',
      campaign: '__CAMPAIGN',
    });
  });
});
