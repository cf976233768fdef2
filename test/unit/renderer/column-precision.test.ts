import { describe, expect, it } from 'vitest';
import {
  ALL_CATALOG_COLUMNS,
  FORMAT_DECIMALS,
  type FormatKind,
  formatValue,
  sheetFormatOf,
} from '../../../shared/columns/index.ts';

// The catalog's precision, as files carry it, against what the tables show: the decimals of each number
// format are the decimals its formatter writes, and every numeric column has a spreadsheet format.

/** Decimals of a shown number: `1,234.57` → 2, `+1,235` → 0. */
const shownDecimals = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

describe('the precision of the number formats', () => {
  it('is the decimals each format shows', () => {
    const shown = Object.fromEntries(
      (Object.keys(FORMAT_DECIMALS) as FormatKind[])
        .filter((f) => FORMAT_DECIMALS[f] !== null)
        .map((format) => [format, shownDecimals(formatValue({ format }, 1234.56789))]),
    );
    expect(shown).toEqual({ int: 0, signed: 0, svp: 3, gaa: 2, rate: 2, toi: 0, decimal1: 1 });
    for (const [format, decimals] of Object.entries(shown))
      expect(FORMAT_DECIMALS[format as FormatKind]).toBe(decimals);
  });

  it('gives every numeric column of the catalog a spreadsheet format, rates and NHLe included', () => {
    const numeric = ALL_CATALOG_COLUMNS.filter((c) => c.numeric);
    expect(numeric.filter((c) => sheetFormatOf(c) === undefined).map((c) => c.id)).toEqual([]);
    const byAbbr = (abbr: string) =>
      sheetFormatOf(numeric.find((c) => c.abbr === abbr) ?? { format: 'text', numeric: false });
    expect(
      ['SV%', 'GAA', 'PTS/GP', 'G/GP', 'NHLe PTS/GP', 'NHLe/82', 'Adj PTS', 'TOI', '+/-', 'Founded'].map(byAbbr),
    ).toEqual(['.000', '0.00', '0.00', '0.00', '0.00', '0.0', '#,##0', '#,##0', '+#,##0;-#,##0;0', '0']);
  });
});
