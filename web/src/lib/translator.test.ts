import { describe, expect, it, vi } from 'vitest';
import enBooking from '@/locales/en/booking';
import etBooking from '@/locales/et/booking';
import { Translator, type Tree } from './translator';

/** A translator with English (the fallback) and Estonian texts in two namespaces. */
function translator(): Translator {
  const tr = new Translator('en-US', 'translation');
  tr.addTexts('en-US', {
    translation: {
      hello: 'Hello, {{name}}!',
      spaced: 'Hi {{ name }} and {{name}}',
      only: 'Only in English',
      lockers_one: '{{count}} locker',
      lockers_other: '{{count}} lockers',
      orders_other: '{{count}} orders',
      nested: { deep: { key: 'Deep text' } },
      kept: '{{missing}} stays',
    },
    other: { title: 'Another namespace' },
  });
  tr.addTexts('et', {
    translation: {
      hello: 'Tere, {{name}}!',
      lockers_one: '{{count}} kapp',
      lockers_other: '{{count}} kappi',
      nested: { deep: { key: 'Sügav tekst' } },
    },
  });
  return tr;
}

describe('Translator', () => {
  it('chooses the plural form by count in English', () => {
    const tr = translator();
    expect(tr.t('lockers', { count: 1 })).toBe('1 locker');
    expect(tr.t('lockers', { count: 0 })).toBe('0 lockers');
    expect(tr.t('lockers', { count: 2 })).toBe('2 lockers');
    expect(tr.t('lockers', { count: 1.5 })).toBe('1.5 lockers');
  });

  it('chooses the plural form by count in Estonian', () => {
    const tr = translator();
    tr.setLanguage('et');
    expect(tr.t('lockers', { count: 1 })).toBe('1 kapp');
    expect(tr.t('lockers', { count: 0 })).toBe('0 kappi');
    expect(tr.t('lockers', { count: 21 })).toBe('21 kappi'); // Estonian has no "one" for 21, unlike Russian
  });

  it("takes the app's own plural texts in both languages", () => {
    const tr = new Translator('en-US', 'translation');
    tr.addTexts('en-US', { booking: enBooking as unknown as Tree });
    tr.addTexts('et', { booking: etBooking as unknown as Tree });
    const en = tr.fixed('en-US', 'booking');
    const et = tr.fixed('et', 'booking');
    expect(en('stations.lockerKinds', { count: 1 })).toBe('1 kind of locker');
    expect(en('stations.lockerKinds', { count: 3 })).toBe('3 kinds of lockers');
    expect(et('stations.lockerKinds', { count: 1 })).toBe('1 kapitüüp');
    expect(et('stations.lockerKinds', { count: 3 })).toBe('3 kapitüüpi');
  });

  it('falls back to _other, then to the bare key, when a plural form is missing', () => {
    const tr = translator();
    expect(tr.t('orders', { count: 1 })).toBe('1 orders');
    expect(tr.t('only', { count: 1 })).toBe('Only in English');
  });

  it('falls back to English for a text Estonian lacks, and to the key when neither has it', () => {
    const tr = translator();
    tr.setLanguage('et');
    expect(tr.t('only')).toBe('Only in English');
    expect(tr.t('orders', { count: 5 })).toBe('5 orders'); // the plural falls back as a whole
    expect(tr.t('no.such.key')).toBe('no.such.key');
    expect(tr.t('nested.deep')).toBe('nested.deep'); // a section is not a text
  });

  it('fills {{placeholders}}, with or without spaces, and leaves unknown ones as written', () => {
    const tr = translator();
    expect(tr.t('hello', { name: 'Mari' })).toBe('Hello, Mari!');
    expect(tr.t('spaced', { name: 'Jaan' })).toBe('Hi Jaan and Jaan');
    expect(tr.t('kept')).toBe('{{missing}} stays');
    expect(tr.t('hello', { name: 0 })).toBe('Hello, 0!');
    tr.setLanguage('et');
    expect(tr.t('hello', { name: 'Mari' })).toBe('Tere, Mari!');
  });

  it('reads dotted keys and other namespaces', () => {
    const tr = translator();
    expect(tr.t('nested.deep.key')).toBe('Deep text');
    expect(tr.t('title', { ns: 'other' })).toBe('Another namespace');
    expect(tr.fixed('et')('nested.deep.key')).toBe('Sügav tekst');
    expect(tr.fixed(null, 'other')('title')).toBe('Another namespace');
  });

  it('tells subscribers about a language change once, and not after they leave', () => {
    const tr = translator();
    const listener = vi.fn();
    const leave = tr.subscribe(listener);
    tr.setLanguage('et');
    tr.setLanguage('et');
    expect(listener).toHaveBeenCalledTimes(1);
    leave();
    tr.setLanguage('en-US');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(tr.language).toBe('en-US');
  });

  it('adds namespaces to a language without dropping the ones it has', () => {
    const tr = translator();
    tr.addTexts('en-US', { extra: { word: 'Extra' } });
    expect(tr.t('word', { ns: 'extra' })).toBe('Extra');
    expect(tr.t('title', { ns: 'other' })).toBe('Another namespace');
    expect(tr.hasTexts('et')).toBe(true);
    expect(tr.hasTexts('fi')).toBe(false);
  });
});
