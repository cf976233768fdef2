/**
 * Dates and times as every view writes them, in one style: ISO 8601's order, which reads the same to every
 * scout and matches the tables and the exported files: a day `2026-11-28`, a moment `2026-12-04 18:32`
 * in the scout's local time (`… UTC` where a view says UTC), a time of day `18:32`. Anything that is no
 * date is shown as given; nothing at all as `—`.
 */

const NONE = '—';
const pad = (n: number) => String(n).padStart(2, '0');

/** A Date's local day and minute: `2026-12-04`, `18:32`. */
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localClock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A moment from an ISO 8601 date-time, or null when it is none. */
function moment(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t);
}

/**
 * A day: `2026-11-28`. A date (`2026-11-28`, a game's day) as it is; a date-time as the scout's local day.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return NONE;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = moment(value);
  return d === null ? value : localDay(d);
}

/** A moment in the scout's local time: `2026-12-04 18:32`. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = moment(iso);
  return d === null ? iso || NONE : `${localDay(d)} ${localClock(d)}`;
}

/** A moment in UTC, said so: `2026-11-23 09:40 UTC` (a test and a screenshot read the same anywhere). */
export function formatDateTimeUtc(iso: string): string {
  const d = moment(iso);
  return d === null ? iso : `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** The local time of day of a moment: `18:32`, or `18:32:05` with `seconds`. */
export function formatClock(iso: string | null | undefined, opts: { seconds?: boolean } = {}): string {
  const d = moment(iso);
  if (d === null) return iso || NONE;
  return opts.seconds ? `${localClock(d)}:${pad(d.getSeconds())}` : localClock(d);
}

/** A day's month and day for a chart's axis, where the year is the chart's: `2026-11-28` → `11-28`. */
export function formatMonthDay(value: string): string {
  const day = formatDay(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.slice(5) : day;
}

/**
 * How long ago a moment was, for a status that updates itself: `just now` (under a minute), `12 min ago`,
 * `3 h ago` (under a day); older, the moment itself (`2026-12-04 18:32`). `now` in ms since the epoch.
 */
export function formatAgo(iso: string | null | undefined, now: number): string {
  const d = moment(iso);
  if (d === null) return iso || NONE;
  const minutes = Math.floor((now - d.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return formatDateTime(iso);
}

/** How a day is typed wherever the app asks for one: the order it writes days in. */
export const DAY_PATTERN_HINT = 'YYYY-MM-DD';

/**
 * A typed day read strictly in the app's style: `2026-11-28` (surrounding spaces aside) when it is a real
 * calendar day, else null (`2026-02-30`, `11/28/2026`, `2026-1-5` are none). Empty text is null too.
 */
export function parseDay(text: string): string | null {
  const t = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return null;
  const d = new Date(`${t}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === t ? t : null;
}
