/**
 * Text a spreadsheet would run as a formula (OWASP, "CSV Injection"): a cell whose first character is a
 * tab or a carriage return, or whose first character after spaces, line feeds and zero-width characters
 * (U+200B–U+200D, U+2060, U+FEFF) is `=`, `+`, `-` or `@` — spreadsheets skip those before reading a
 * formula. Only the start is tested, so text with a line break after a leading `=` is caught too
 * (papaparse's own `escapeFormulae` pattern, `^[=+\-@\t\r].*$` without the `s` flag, misses it). A tab or
 * carriage return after the skipped characters counts as well. No `g` flag: `test` keeps no state between
 * cells. CSV (papaparse's `escapeFormulae`, which tests text only) and the clipboard use this one rule;
 * XLSX holds text as typed string cells, which never run.
 */
export const FORMULA_START = /^[ \n\u200B-\u200D\u2060\uFEFF]*[=+\-@\t\r]/;

/**
 * A text cell as a file or the clipboard should carry it: prefixed with `'` when it starts like a formula
 * ({@link FORMULA_START}), so Excel and Sheets show it as text; otherwise unchanged. For text only:
 * numbers (a signed `-3`, `+3` in a numeric column) stay as they are.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
