// RFC 3339 date-times of v3 query parameters (list from/to, usage from/to): a full date, a time
// and an explicit offset (Z or ±hh:mm), e.g. 2026-01-31T12:00:00Z or 2026-01-31T09:00:00.5-03:00.
// Stricter than Date.parse, which rolls 2026-02-31 over into March and accepts dates without time.
// Only dates the database can store: years 0001-9999 once converted to UTC.

// PostgreSQL stores timestamptz from 4713 BC, but neither it nor the driver take year 0 or a
// year beyond 9999 as written by Date#toISOString: dates are held to years 0001-9999 in UTC.
const EARLIEST_MS = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST_MS = Date.parse("9999-12-31T23:59:59.999Z");

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|([+-])(\d{2}):(\d{2}))$/;

export function parseRfc3339(value: unknown): Date | null {
  if (typeof value !== "string" || value.length > 64) return null;
  const m = RFC3339.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  if (m[9] && (Number(m[10]) > 23 || Number(m[11]) > 59)) return null;
  // a leap second is read as the last second of its minute
  const text = second === 60 ? value.replace(/:60(?=[.Zz+-])/, ":59") : value;
  const date = new Date(text);
  const ms = date.getTime();
  return Number.isNaN(ms) || ms < EARLIEST_MS || ms > LATEST_MS ? null : date;
}
