/**
 * The body's geometry, shared by the table, its virtual window and the benchmark that reads the threshold
 * (bench:app labels its sizes by it).
 */

/** Row height in px; CSS `--row-h` must match (virtual rows are positioned by it). */
export const ROW_HEIGHT = 30;
/**
 * Bodies with more rows than this are virtualised. A window shows about 15-25 rows; painting a whole default
 * page on every re-sort is slow (bench:app measures it), so anything beyond a couple of screens is
 * virtualised.
 */
export const VIRTUAL_THRESHOLD = 40;
/** Rows rendered beyond each edge of the visible ones (keyboard and wheel scrolling stay smooth). */
export const OVERSCAN = 10;
