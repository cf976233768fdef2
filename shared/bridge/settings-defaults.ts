import type { Settings } from './bridge.ts';

/**
 * The settings' constants, with no dependency at all, so the page can import them without bundling zod
 * (`shared/bridge/bridge.ts` builds the settings' schema from them and re-exports them).
 */

/** Page sizes the tables offer, in rows (25, 50, 100, 250, 1000). */
export const PAGE_SIZES = [25, 50, 100, 250, 1000] as const;

/** The settings of a new data folder: the embedded local service, 100 rows a page. */
export const DEFAULT_SETTINGS: Settings = { baseUrl: null, pageSize: 100 };
