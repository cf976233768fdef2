/**
 * Keyboard logic of the data tables, kept free of React and the DOM so it is tested on its own. A table
 * is one Tab stop (a roving tabindex: only the active body row has `tabIndex=0`), and keys move the
 * active row the way the WAI-ARIA grid pattern moves focus between rows
 * (https://www.w3.org/WAI/ARIA/apg/patterns/grid/): Up/Down one row, PageUp/PageDown one screenful,
 * Home/End the first/last row of the page shown.
 */

/** Keys that move the active row; any other key is left to the browser. */
export const ROW_MOVE_KEYS = ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End'] as const;

/**
 * The index of the row a key moves to, or null when the key does not move rows (or there are none).
 * `current` is the active row's index (0-based; out of range counts as the nearest end), `count` the
 * rows on the page, `pageRows` how many rows one PageUp/PageDown moves (at least 1). The result is
 * clamped to the page: ArrowDown on the last row stays there, it does not turn the page.
 */
export function nextRowIndex(key: string, current: number, count: number, pageRows: number): number | null {
  if (count <= 0 || !(ROW_MOVE_KEYS as readonly string[]).includes(key)) return null;
  const last = count - 1;
  const from = Math.min(Math.max(Number.isFinite(current) ? Math.trunc(current) : 0, 0), last);
  const step = Math.max(1, Math.trunc(pageRows) || 1);
  let next: number;
  switch (key) {
    case 'ArrowDown':
      next = from + 1;
      break;
    case 'ArrowUp':
      next = from - 1;
      break;
    case 'PageDown':
      next = from + step;
      break;
    case 'PageUp':
      next = from - step;
      break;
    case 'Home':
      next = 0;
      break;
    default:
      next = last;
  }
  return Math.min(Math.max(next, 0), last);
}

/** Keys that move along the header row; any other key is left to the browser (Enter and Space sort). */
export const HEADER_MOVE_KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'] as const;

/**
 * The index of the header a key moves to along the header row, or null when the key does not move
 * (or there are no headers to move to). `current` is the focused header's index among the `count`
 * sortable headers; the ends do not wrap (as the WAI-ARIA grid pattern's row does not).
 */
export function nextHeaderIndex(key: string, current: number, count: number): number | null {
  if (count <= 0 || !(HEADER_MOVE_KEYS as readonly string[]).includes(key)) return null;
  const last = count - 1;
  const from = Math.min(Math.max(Number.isFinite(current) ? Math.trunc(current) : 0, 0), last);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return Math.min(Math.max(from + (key === 'ArrowRight' ? 1 : -1), 0), last);
}

/**
 * Rows one PageUp/PageDown moves: the body rows that fit in the scroll container's visible height
 * (`viewportPx`, less the sticky header `headerPx`) at `rowPx` each, minus one so the row that was at
 * the edge stays in sight; at least 1.
 */
export function rowsPerPage(viewportPx: number, headerPx: number, rowPx: number): number {
  if (!(rowPx > 0) || !Number.isFinite(viewportPx)) return 1;
  return Math.max(1, Math.floor((viewportPx - Math.max(0, headerPx)) / rowPx) - 1);
}

/** What {@link isTextField} needs to know of an element (a DOM Element satisfies it). */
export interface FieldLike {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
}

/** `<input type>`s that take no typed text: a `/` typed while one is focused is not text. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/**
 * Whether keys typed now go into a text field (an `<input>` that takes text, a `<textarea>`, a
 * `<select>` (type-to-find) or editable content), in which case `/` is a character, not a shortcut.
 */
export function isTextField(el: FieldLike | null | undefined): boolean {
  if (!el) return false;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !NON_TEXT_INPUTS.has((el.getAttribute('type') ?? 'text').toLowerCase());
  return el.isContentEditable === true;
}

/**
 * Whether a keydown is the "focus the search box" shortcut: a plain `/` (no Ctrl, Alt or Meta) typed
 * outside any text field.
 */
export function isSearchShortcut(
  e: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean },
  focused: FieldLike | null | undefined,
): boolean {
  return e.key === '/' && !e.ctrlKey && !e.altKey && !e.metaKey && !isTextField(focused);
}
