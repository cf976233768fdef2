/** How long after launch the views' code starts loading in the background, in ms. */
export const PREFETCH_AFTER_MS = 3000;

/** Calls `f` in the browser's next idle period (within 5 s), or soon where there is no idle callback. */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 5000 });
  else setTimeout(f, 50);
}

/**
 * Loads the lazy views' code in the background once the launch is over (`afterMs` after the call), one
 * view at a time in the browser's idle periods, so that a view's first visit only draws it. A view whose
 * code cannot be loaded now is skipped (its visit shows the failure). Returns a function that stops the
 * loads not yet begun.
 *
 * @param loaders the views' `import()` functions (App.tsx registers them)
 * @param onDone called once every loader has settled (not when stopped before)
 */
export function prefetchViews(
  loaders: readonly (() => Promise<unknown>)[],
  afterMs = PREFETCH_AFTER_MS,
  onDone: () => void = () => {},
): () => void {
  let stopped = false;
  let i = 0;
  const next = () => {
    if (stopped) return;
    const load = loaders[i++];
    if (load === undefined) return onDone();
    load()
      .catch(() => {})
      .finally(() => whenIdle(next));
  };
  const timer = setTimeout(() => whenIdle(next), afterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
