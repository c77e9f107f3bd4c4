// Dates as the station sees them: the demo stations are in Tallinn, and the server reads a bare date
// (YYYY-MM-DD) as 00:01-23:59 in the station's zone. A date taken in UTC is the wrong day for two hours
// after Tallinn's midnight.

/** day is the date at the station n days from now, "YYYY-MM-DD". */
export const day = (n) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date(Date.now() + n * 86400_000));
