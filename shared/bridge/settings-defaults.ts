/**
 * The settings' constants, with no dependency at all, so the page can import them without bundling zod
 * (`shared/bridge/bridge.ts` builds the settings' schema from them and re-exports them).
 */

/** Page sizes the tables offer, in rows (25, 50, 100, 250, 1000). */
export const PAGE_SIZES = [25, 50, 100, 250, 1000] as const;
/** One of {@link PAGE_SIZES}. */
export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * The settings of a new data folder: the embedded local service, 100 rows a page. Typed here without the
 * settings' schema, which is built on this module; the host starts from it as its `Settings`, which
 * checks that it is one.
 */
export const DEFAULT_SETTINGS: { readonly baseUrl: null; readonly pageSize: PageSize } = {
  baseUrl: null,
  pageSize: 100,
};
