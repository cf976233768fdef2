import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatClock,
  formatDateTime,
  formatDateTimeUtc,
  formatDay,
  formatFixed,
  formatMonthDay,
  formatSeasonShort,
  parseDay,
  positionGroupLabel,
  positionLabel,
  positionOptions,
} from '../../../renderer/format/index.ts';
import { directoryAge } from '../../../renderer/views/players/spec.ts';

/** `YYYY-MM-DD HH:MM` of a moment in this computer's time zone, written out here field by field. */
const local = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

describe('dates in one style', () => {
  it('writes a day as YYYY-MM-DD: a date as it is, a moment as its local day', () => {
    expect(formatDay('2026-11-28')).toBe('2026-11-28');
    expect(formatDay('2026-12-04T18:32:00.000Z')).toBe(local('2026-12-04T18:32:00.000Z').slice(0, 10));
    expect(formatDay(null)).toBe('—');
    expect(formatDay('sometime')).toBe('sometime');
  });

  it('writes a moment as YYYY-MM-DD HH:MM, local or said as UTC, and a time of day as HH:MM', () => {
    expect(formatDateTime('2026-12-04T18:32:09.000Z')).toBe(local('2026-12-04T18:32:09.000Z'));
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTimeUtc('2026-11-23T09:40:59.000Z')).toBe('2026-11-23 09:40 UTC');
    expect(formatClock('2026-12-04T18:32:09.000Z')).toBe(local('2026-12-04T18:32:09.000Z').slice(11));
    expect(formatClock('2026-12-04T18:32:09.000Z', { seconds: true })).toMatch(/^\d\d:\d\d:09$/);
    expect(formatMonthDay('2026-11-28')).toBe('11-28');
  });
});

describe('a typed day, read strictly in the same style', () => {
  it('takes a real calendar day as YYYY-MM-DD and nothing else', () => {
    expect(parseDay(' 2026-11-30 ')).toBe('2026-11-30');
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    for (const t of ['2026-02-30', '2027-02-29', '11/30/2026', '30.11.2026', '2026-1-5', '2026-13-01', '', 'today'])
      expect(parseDay(t)).toBeNull();
  });
});

describe('numbers in one style', () => {
  it('writes decimals with thousands separators, rounding as the number is', () => {
    expect(formatFixed(1451.26, 1)).toBe('1,451.3');
    expect(formatFixed(1234567.5, 0)).toBe('1,234,568');
    expect(formatFixed(-1451, 0)).toBe('-1,451');
    // As toFixed rounds the number as stored (3.175 is 3.17499…): a table's 3.17 is a chart's 3.17.
    expect(formatFixed(3.175, 2)).toBe((3.175).toFixed(2));
    expect(formatFixed(1487, 0)).toBe('1,487');
    expect(formatFixed(0.5, 2)).toBe('0.50');
    expect(formatFixed(-3.456, 2)).toBe('-3.46');
    expect(formatFixed(null, 2)).toBe('—');
    expect(formatFixed(Number.NaN, 2)).toBe('—');
  });

  it('writes sizes in KB, MB and GB', () => {
    expect(formatBytes(100)).toBe('1 KB');
    expect(formatBytes(336_592_896)).toBe('321.0 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB');
  });
});

describe('seasons and positions in one vocabulary', () => {
  it('writes a season as a season where room is short', () => {
    expect(formatSeasonShort('1981-1982')).toBe('1981-82');
    expect(formatSeasonShort('1999-2000')).toBe('1999-00');
    expect(formatSeasonShort('2019')).toBe('2019');
  });

  it('writes a position as its word with the letters the tables show', () => {
    expect(positionLabel('c')).toBe('Centre (C)');
    expect(positionLabel('G')).toBe('Goaltender (G)');
    expect(positionLabel('LW')).toBe('Left wing (LW)');
    expect(positionLabel('X')).toBe('X');
    expect(positionLabel(null)).toBeNull();
    expect(positionGroupLabel('F')).toBe('Forwards (C, LW, RW, F)');
    expect(positionOptions(['F', 'D'])).toEqual([
      { value: 'F', label: 'Forward (F)' },
      { value: 'D', label: 'Defence (D)' },
    ]);
    expect(positionOptions(['F'], true)).toEqual([{ value: 'F', label: 'Forwards (C, LW, RW, F)' }]);
  });
});

describe("the Players directory's age", () => {
  const today = new Date('2026-12-04T12:00:00Z');
  it('is his age today while his latest season here is recent, his birth year once it is long over', () => {
    const p = { dateOfBirth: '1961-01-26', yearOfBirth: 1961 };
    expect(directoryAge({ ...p, latestSeason: '1981-1982' }, '65', today)).toBe('born 1961');
    expect(directoryAge({ ...p, latestSeason: '2023-2024' }, '65', today)).toBe('born 1961');
    expect(directoryAge({ ...p, latestSeason: '2024-2025' }, '65', today)).toBe('65');
    expect(directoryAge({ ...p, latestSeason: '2025-2026' }, '65', today)).toBe('65');
    expect(directoryAge({ ...p, latestSeason: null }, '65', today)).toBe('65');
    expect(directoryAge({ dateOfBirth: '1990-05-01', yearOfBirth: null, latestSeason: '1999-2000' }, '36', today)).toBe(
      'born 1990',
    );
    expect(directoryAge({ dateOfBirth: null, yearOfBirth: null, latestSeason: '1981-1982' }, null, today)).toBe('—');
  });
});
