import { afterEach, describe, expect, it } from 'vitest';
import indexHTML from '../../index.html?raw';
import { sentryDsn } from './sentry-dsn';

describe('sentryDsn', () => {
  afterEach(() => document.head.querySelectorAll('meta').forEach((m) => m.remove()));

  function meta(content: string | null) {
    const m = document.createElement('meta');
    m.name = 'sentry-dsn';
    if (content !== null) m.setAttribute('content', content);
    document.head.append(m);
  }

  it('is off without the meta tag', () => expect(sentryDsn()).toBeNull());
  it('is off with an empty content', () => {
    meta('  ');
    expect(sentryDsn()).toBeNull();
  });
  it('is off without a content attribute', () => {
    meta(null);
    expect(sentryDsn()).toBeNull();
  });
  it('reads a configured DSN', () => {
    meta('https://key@sentry.example/1');
    expect(sentryDsn()).toBe('https://key@sentry.example/1');
  });
});

describe('index.html', () => {
  // lockerd writes the DSN into the tag by replacing exactly this text (internal/app/spa):
  // written as <meta ... />, it was never found and error reporting stayed off.
  it('has the sentry-dsn tag as the server replaces it', () => {
    expect(indexHTML).toContain('<meta name="sentry-dsn" content="">');
  });
});
