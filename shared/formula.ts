/**
 * Text a spreadsheet would run as a formula: a cell whose first character is `=`, `+`, `-`, `@`, a tab or
 * a carriage return (OWASP, "CSV Injection"). Only the first character is tested, so text with a line
 * break after a leading `=` is caught too (papaparse's own `escapeFormulae` pattern, `^[=+\-@\t\r].*$`
 * without the `s` flag, misses it). No `g` flag: `test` keeps no state between cells.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as a file or the clipboard should carry it: prefixed with `'` when it starts like a formula
 * ({@link FORMULA_START}), so Excel and Sheets show it as text; otherwise unchanged. For text only:
 * numbers (a signed `-3`, `+3` in a numeric column) stay as they are.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
