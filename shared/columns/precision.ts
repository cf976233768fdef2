import type { ColumnSpec, FormatKind } from './types.ts';

/**
 * The precision of the catalog's number formats (columns/types.ts `FormatKind`), as files carry it: the
 * decimals a table shows, and the spreadsheet number format that shows a value the same way. The value
 * a file holds is a number; these say how far it is written (CSV) or shown (XLSX).
 */

/** Decimals each format shows (`svp` `.915`: 3; `rate` `1.53`: 2; counts 0); null: not a number format. */
export const FORMAT_DECIMALS: Readonly<Record<FormatKind, number | null>> = {
  text: null,
  int: 0,
  signed: 0,
  svp: 3,
  gaa: 2,
  rate: 2,
  toi: 0,
  date: null,
  decimal1: 1,
  country: null,
};

/**
 * Excel number formats of the number formats, at their precision: SV% `.915`, GAA and rates `2.45`,
 * one decimal `27.4`, counts and TOI (whole minutes) `3,412`, a signed count `+12`.
 */
export const SHEET_NUMBER_FORMATS: Readonly<Partial<Record<FormatKind, string>>> = {
  int: '#,##0',
  signed: '+#,##0;-#,##0;0',
  svp: '.000',
  gaa: '0.00',
  rate: '0.00',
  toi: '#,##0',
  decimal1: '0.0',
};

/**
 * The Excel number format of a column's numbers: its format's ({@link SHEET_NUMBER_FORMATS}); a numeric
 * column shown as written (a year, a place in the standings) `0`; none for a text column.
 */
export function sheetFormatOf(column: Pick<ColumnSpec, 'format' | 'numeric'>): string | undefined {
  return SHEET_NUMBER_FORMATS[column.format] ?? (column.numeric ? '0' : undefined);
}

/**
 * The Excel number format of a number a page showed with `decimals` decimals, as chart tables write
 * numbers (no thousands separators, so a year stays `1982`): 0 → `0`, 3 → `0.000`.
 */
export function shownNumberFormat(decimals: number): string {
  return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
}

/**
 * `n` without the binary noise of arithmetic: at 15 significant digits, which every decimal of up to 15
 * digits comes back from exactly (`0.1 + 0.2` → 0.3, 217.29999999999998 → 217.3).
 */
export function withoutNoise(n: number): number {
  return Number.isInteger(n) ? n : Number(n.toPrecision(15));
}

/** `n` rounded to `decimals` decimals, as a table shows it: 217.29999999999998 at 0 → 217, 0.91538 at 3 → 0.915. */
export function atDecimals(n: number, decimals: number): number {
  return Number(n.toFixed(decimals));
}

/** The decimals of `n` written as its shortest text without noise: 0.713 → 3, 57 → 0, 2.5 → 1 (at most 15). */
export function decimalsOf(n: number): number {
  const text = String(withoutNoise(n));
  const exp = /e([+-]\d+)$/.exec(text);
  const mantissa = exp ? text.slice(0, exp.index) : text;
  const dot = mantissa.indexOf('.');
  const decimals = (dot < 0 ? 0 : mantissa.length - dot - 1) - (exp ? Number(exp[1]) : 0);
  return Math.min(15, Math.max(0, decimals));
}
