import { describe, expect, it } from 'vitest';
import { isoWeek } from '../../../../store/lists/department/desk/viewing-log.ts';

// Worked out by hand from a calendar: 1 January 2026 is a Thursday, so 2026 has 53 ISO weeks.
describe('the viewing log’s weeks (ISO 8601: Monday first, week 1 holds the year’s first Thursday)', () => {
  it('names a week by its Thursday’s year, across the turn of the year', () => {
    expect(isoWeek('2026-01-01')).toEqual({ monday: '2025-12-29', week: '2026-W01' });
    expect(isoWeek('2026-12-31')).toEqual({ monday: '2026-12-28', week: '2026-W53' });
    expect(isoWeek('2027-01-03')).toEqual({ monday: '2026-12-28', week: '2026-W53' });
    expect(isoWeek('2027-01-04')).toEqual({ monday: '2027-01-04', week: '2027-W01' });
    expect(isoWeek('2027-03-14')).toEqual({ monday: '2027-03-08', week: '2027-W10' });
  });
});
