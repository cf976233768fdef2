import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * The host's young generation, in MiB: the host's work is a stream of short-lived objects (a record
 * read, checked and written out as text), for which a few MiB of young generation collect as well as
 * V8's own maximum does, and the host's resident memory is what a scout's machine feels.
 */
export const HOST_YOUNG_GENERATION_MIB = 16;

/**
 * A bound on the young generation of the host's own V8 heap (the main thread's; each worker has its
 * own, bounded by its `resourceLimits`: store/client.ts).
 *
 * V8 sizes the young generation by the machine's memory and grows it, a doubling at a time, whenever
 * enough has survived its collections since the last growth: under a long stream of work, such as the
 * page asking for many of the service's largest pages at once, it grows to its maximum even though
 * almost nothing survives, and its pages stay resident until the heap is idle again. Its maximum is
 * read from the command line alone (`--max-semi-space-size`), before any of the app's code runs, and
 * Electron's main process is started by Electron. So the host watches its collections: once the young
 * generation has reached `mib`, V8's growth factor is set to 1 (no further growth), and back to its
 * default when V8 has shrunk it again. A collection is told after it ends, so the young generation may go one doubling
 * past `mib` before the bound holds.
 *
 * Call it once per process, on the main thread. V8's flags are the process's: while the bound holds,
 * the workers' young generations do not grow either (each has its own, smaller, limit anyway).
 */
export function boundYoungGeneration(mib: number): void {
  const limit = mib * 1024 * 1024;
  let growing = true;
  const check = () => {
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (young === undefined) return;
    const full = young.space_size >= limit;
    if (full !== growing) return;
    // V8's default growth factor is 2.
    setFlagsFromString(`--semi-space-growth-factor=${full ? 1 : 2}`);
    growing = !full;
  };
  new PerformanceObserver(check).observe({ entryTypes: ['gc'] });
}
