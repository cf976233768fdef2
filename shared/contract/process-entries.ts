/**
 * The modules the app starts as processes or threads of their own, and the one rule for finding the file
 * to start. electron.vite.config.ts builds each as `out/main/<name>.js` (the `main` build's inputs); the
 * host starts the service child (electron/host/embedded/service-process.ts, and Electron's utilityProcess in
 * main.ts) and the store's worker (store/cache/client.ts) through {@link processEntryUrl}.
 */

/** Each started entry's TypeScript source, relative to the repository root. */
export const PROCESS_ENTRIES = {
  /** The local Hockey Data Service in its own process (shared/contract/service-child.ts is its protocol). */
  child: 'service/child.ts',
  /** The store's worker thread, owner of its SQLite file (store/cache/protocol.ts is its protocol). */
  'store-worker': 'store/cache/worker.ts',
  /** The scouting lists' worker thread, owner of their own SQLite file (store/common/rpc/ is its protocol). */
  'lists-worker': 'store/lists/worker.ts',
} as const;

export type ProcessEntry = keyof typeof PROCESS_ENTRIES;

/**
 * The file to start for `entry`, chosen by how this very module runs, so built code and sources never mix:
 * - built (`npm start` and Electron, which run only built JavaScript): this module sits in `out/main/`, or
 *   in `out/main/chunks/` as part of a shared chunk, and the entry is the built `out/main/<entry>.js`
 *   beside it, which the same build emitted;
 * - sources (Vitest, the benches and the `service:*` tools, run by Node's type stripping): this module is
 *   `shared/contract/process-entries.ts` and the entry is its TypeScript source, so a test of the sources never
 *   starts an older build.
 * `moduleUrl` is this module's own `import.meta.url` unless a test gives another.
 */
export function processEntryUrl(entry: ProcessEntry, moduleUrl: string = import.meta.url): URL {
  if (moduleUrl.endsWith('.ts')) return new URL(`../../${PROCESS_ENTRIES[entry]}`, moduleUrl);
  const dir = new URL('.', moduleUrl);
  const main = dir.pathname.endsWith('/chunks/') ? new URL('..', dir) : dir;
  return new URL(`${entry}.js`, main);
}
