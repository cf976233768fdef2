import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatGaa,
  formatInt,
  formatSavePct,
  formatSigned,
  formatText,
  formatToi,
  formatValue,
} from '../../../shared/columns/index.ts';

describe('formatSavePct (SV% as hockey writes it)', () => {
  it('drops the leading zero and keeps three decimals', () => {
    expect(formatSavePct(0.915)).toBe('.915');
    expect(formatSavePct(0.9)).toBe('.900');
    expect(formatSavePct(0.9234)).toBe('.923');
    expect(formatSavePct(0.9236)).toBe('.924');
    expect(formatSavePct(0)).toBe('.000');
  });
  it('shows a perfect game as 1.000', () => {
    expect(formatSavePct(1)).toBe('1.000');
  });
  it('shows missing values as a dash', () => {
    expect(formatSavePct(null)).toBe('—');
    expect(formatSavePct(undefined)).toBe('—');
    expect(formatSavePct(Number.NaN)).toBe('—');
    expect(formatSavePct('')).toBe('—');
  });
  it('reads numeric strings', () => {
    expect(formatSavePct('0.915')).toBe('.915');
  });
});

describe('formatGaa', () => {
  it('has two decimals', () => {
    expect(formatGaa(2.4471)).toBe('2.45');
    expect(formatGaa(2)).toBe('2.00');
    expect(formatGaa(0)).toBe('0.00');
    expect(formatGaa(10.126)).toBe('10.13');
    expect(formatGaa(null)).toBe('—');
  });
});

describe('formatToi (minutes)', () => {
  it('shows whole minutes with thousands separators', () => {
    expect(formatToi(3412)).toBe('3,412');
    expect(formatToi(3412.4)).toBe('3,412');
    expect(formatToi(3412.6)).toBe('3,413');
    expect(formatToi(59.5)).toBe('60');
    expect(formatToi(0)).toBe('0');
    expect(formatToi(null)).toBe('—');
  });
  it('reads m:ss strings', () => {
    expect(formatToi('3412:30')).toBe('3,413');
    expect(formatToi('60:00')).toBe('60');
    expect(formatToi('12:29')).toBe('12');
  });
});

describe('integers, signs, text and dates', () => {
  it('formats integers with separators', () => {
    expect(formatInt(1234567)).toBe('1,234,567');
    expect(formatInt(82)).toBe('82');
    expect(formatInt(null)).toBe('—');
  });
  it('signs goal differentials', () => {
    expect(formatSigned(12)).toBe('+12');
    expect(formatSigned(-3)).toBe('-3');
    expect(formatSigned(0)).toBe('0');
    expect(formatSigned(null)).toBe('—');
  });
  it('shows text and objects by name', () => {
    expect(formatText('Boston Bruins')).toBe('Boston Bruins');
    expect(formatText({ name: 'Canada' })).toBe('Canada');
    expect(formatText('')).toBe('—');
    expect(formatText(null)).toBe('—');
  });
  it('shows the date of a timestamp', () => {
    expect(formatDate('2026-11-21T08:30:00Z')).toBe('2026-11-21');
    expect(formatDate(null)).toBe('—');
  });
  it('formatValue dispatches on the column format', () => {
    expect(formatValue({ format: 'svp' }, 0.921)).toBe('.921');
    expect(formatValue({ format: 'gaa' }, 1.5)).toBe('1.50');
    expect(formatValue({ format: 'toi' }, 1000)).toBe('1,000');
  });
});

describe('formatCount (a count with its noun)', () => {
  it('uses the singular for exactly one and separators for thousands', () => {
    expect(formatCount(1, 'team')).toBe('1 team');
    expect(formatCount(0, 'team')).toBe('0 teams');
    expect(formatCount(2, 'season')).toBe('2 seasons');
    expect(formatCount(1234, 'team')).toBe('1,234 teams');
    expect(formatCount(3, 'match', 'matches')).toBe('3 matches');
  });
});
