// The one place e2e tests take dates from: as the station sees them, on the tests' clock.
//
// The demo stations are in Tallinn, and the server reads a bare date (YYYY-MM-DD) as 00:01-23:59 in the
// station's zone. A date taken in UTC (`toISOString().slice(0, 10)`) is the wrong day for the two or three
// hours after Tallinn's midnight, so no test builds one.
//
// The tests' clock is the real one, unless LOCKERS_TEST_NOW names an instant (RFC 3339) or a test calls setClock:
// then it starts there and runs on, and the lockerd the tests start afterwards (lib/lockerd.mjs: the testclock
// build) and every page they open (lib/browser.mjs: Playwright's clock) start from the same moment. Any browser
// file runs that way with LOCKERS_TEST_NOW set; browser/clock.test.mjs runs its screens at each of `edges` below.

/** The demo stations' zone. */
export const stationZone = 'Europe/Tallinn';

let offset = 0;
let isShifted = false;

/**
 * setClock starts the tests' clock at instant (RFC 3339 or milliseconds) now, and lets it run on from there;
 * null puts it back on the real clock. Servers and pages started afterwards follow it.
 */
export function setClock(instant) {
  if (instant === null || instant === undefined || instant === '') {
    offset = 0;
    isShifted = false;
    return;
  }
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(at)) throw new Error(`the tests' clock: ${instant} is not an instant`);
  offset = at - Date.now();
  isShifted = true;
}
setClock(process.env.LOCKERS_TEST_NOW);

/** now is the tests' clock in milliseconds (Date.now() unless setClock or LOCKERS_TEST_NOW shifted it). */
export const now = () => Date.now() + offset;

/** shifted says whether the tests' clock is not the real one. */
export const shifted = () => isShifted;

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: stationZone });
const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: stationZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** day is the date at the station n days from now (whole days of 24 hours), "YYYY-MM-DD". */
export const day = (n = 0) => dateFormat.format(new Date(now() + n * 86400_000));

/** localDateTime is the wall clock at the station at ms (default now), "YYYY-MM-DDTHH:mm". */
export function localDateTime(ms = now()) {
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * edges are the instants that break naive date code (issue 47), each the next one after `from` (default the
 * real now, so that each is later than every real clock that reads the database, and the same list on every
 * run of a day): 22:30 and 23:59 UTC (already tomorrow in Tallinn), Tallinn's midnight, the minute before the
 * DST changes of the last Sundays of March and October (01:00 UTC), the 31st of a month and 29 February.
 */
export function edges(from = Date.now()) {
  const d = new Date(from);
  const y = d.getUTCFullYear();
  const next = (candidates) => candidates.map((c) => c.getTime()).filter((t) => t > from + 86400_000).sort((a, b) => a - b)[0];
  // The day after tomorrow's UTC date, so that an edge is at least a day ahead of any clock reading it.
  const base = new Date(Date.UTC(y, d.getUTCMonth(), d.getUTCDate() + 2));
  const at = (h, m) => new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate(), h, m));
  const lastSunday = (year, month) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return new Date(Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 0, 59));
  };
  const years = [y, y + 1, y + 2, y + 3, y + 4];
  // Midnight in Tallinn is 22:00 UTC in winter and 21:00 in summer.
  const tallinnMidnight = [at(21, 0), at(22, 0)].find((t) => localDateTime(t.getTime()).endsWith('T00:00'));
  const iso = (t) => new Date(t).toISOString().replace('.000Z', 'Z');
  return {
    '22:30 UTC': iso(at(22, 30)),
    '23:59 UTC': iso(at(23, 59)),
    'midnight in Tallinn': iso(tallinnMidnight),
    'DST spring (last Sunday of March)': iso(next(years.map((yy) => lastSunday(yy, 2)))),
    'DST autumn (last Sunday of October)': iso(next(years.map((yy) => lastSunday(yy, 9)))),
    'the 31st, 21:30 UTC': iso(next(years.flatMap((yy) => [0, 2, 4, 6, 7, 9, 11].map((m) => new Date(Date.UTC(yy, m, 31, 21, 30)))))),
    '29 February': iso(next(years.filter((yy) => new Date(Date.UTC(yy, 1, 29)).getUTCDate() === 29).map((yy) => new Date(Date.UTC(yy, 1, 29, 10, 0))))),
  };
}
