/**
 * sentryDsn reads the DSN the server may put into index.html
 * (`<meta name="sentry-dsn" content="...">`); empty or absent means reporting is off.
 */
export function sentryDsn(doc: Document = document): string | null {
  const content = doc.querySelector('meta[name="sentry-dsn"]')?.getAttribute('content')?.trim();
  return content ? content : null;
}
