import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';

// Each test gets a fresh i18n module: its translator is a singleton.
const fresh = () => import('@/i18n');

describe('texts of the first screen first', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
  });

  it('starts with the namespaces asked for, and loadAllTexts brings the rest', async () => {
    const { default: i18n, initI18n, loadAllTexts } = await fresh();
    await initI18n(['translation', 'account']);
    expect(i18n.translator.hasTexts('en-US', 'account')).toBe(true);
    expect(i18n.translator.hasTexts('en-US', 'booking')).toBe(false);
    expect(i18n.t('login.submit', { ns: 'account' })).toBe('Sign in');
    await loadAllTexts();
    expect(i18n.translator.hasTexts('en-US', 'booking')).toBe(true);
    expect(i18n.translator.hasTexts('en-US', 'admin')).toBe(true);
  });

  it('in the stored language, with English beside it for the fallback', async () => {
    localStorage.setItem(storageKeys.language, 'et');
    const { default: i18n, initI18n, loadAllTexts } = await fresh();
    await initI18n(['translation', 'account']);
    expect(i18n.language).toBe('et');
    expect(i18n.t('login.submit', { ns: 'account' })).toBe('Logi sisse');
    expect(i18n.translator.hasTexts('et', 'booking')).toBe(false);
    await loadAllTexts();
    expect(i18n.translator.hasTexts('et', 'booking')).toBe(true);
    expect(i18n.translator.hasTexts('en-US', 'booking')).toBe(true);
  });

  it('a language switch on the first screen brings every namespace of the new language', async () => {
    const { default: i18n, initI18n } = await fresh();
    await initI18n(['translation', 'account']);
    await i18n.changeLanguage('et');
    expect(i18n.translator.hasTexts('et', 'booking')).toBe(true);
    expect(i18n.translator.hasTexts('et', 'status')).toBe(true);
  });
});
