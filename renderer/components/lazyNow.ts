import { type ComponentType, lazy } from 'react';

/**
 * `React.lazy` over a module loader that does not suspend once the module is in. React.lazy suspends at its
 * component's first render even when the module was loaded long before (its promise settles a microtask
 * later): the render is thrown away and done again, and a Suspense boundary that shows its fallback meanwhile
 * reveals the component only after React's throttle. Here, once `load` has resolved (the views' code loaded
 * in idle time after launch, or a first visit), the component is handed to React at once.
 *
 * Returns the component and the loader to call instead of `load` (it records the module when it is in).
 */
export function lazyNow<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { Component: ComponentType<P>; load: () => Promise<M> } {
  let loaded: { module: M } | null = null;
  const tracked = () =>
    load().then((module) => {
      loaded = { module };
      return module;
    });
  const Component = lazy<ComponentType<P>>(() => {
    if (loaded === null) return tracked().then((m) => ({ default: pick(m) }));
    const value = { default: pick(loaded.module) };
    // A thenable that calls back at once: React.lazy reads it as resolved in the same render.
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes; this one is settled
    return { then: (resolve: (v: typeof value) => unknown) => resolve(value) } as unknown as Promise<typeof value>;
  });
  return { Component, load: tracked };
}
