/**
 * The rule that keeps one style of dates and numbers across the renderer: only its format module
 * (`renderer/format/`) turns dates and numbers into text with the platform's formatters. A view that calls
 * `toLocaleString`, `toLocaleDateString`, `toLocaleTimeString`, `toFixed` or `Intl`'s date and number
 * formats on its own writes its own style (`Nov 28, 2026` beside `4 Dec 2026`, `1451` beside `1,487`).
 */

/** What the rule refuses outside the format module, and its name in a failing line. */
const OWN_FORMATTING: readonly [RegExp, string][] = [
  [/\.toLocale(?:Date|Time)?String\s*\(/, 'toLocale…String()'],
  [/\.toFixed\s*\(/, 'toFixed()'],
  [/\bIntl\s*\.\s*(?:DateTimeFormat|NumberFormat|RelativeTimeFormat)\b/, 'Intl formats'],
];

/** The folder allowed to format: the renderer's format module. */
export const FORMAT_MODULE = 'renderer/format/';

/** A source without its comments (a comment may name what it does not do). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** One line per place a renderer source outside the format module formats on its own: `file:line  what`. */
export function ownFormatting(files: readonly { path: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (!f.path.startsWith('renderer/') || f.path.startsWith(FORMAT_MODULE)) continue;
    withoutComments(f.text)
      .split('\n')
      .forEach((line, i) => {
        for (const [re, what] of OWN_FORMATTING) if (re.test(line)) out.push(`${f.path}:${i + 1}  ${what}`);
      });
  }
  return out;
}
