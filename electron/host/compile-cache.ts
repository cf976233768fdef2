import { enableCompileCache as enableNodeCompileCache } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where Node keeps the compiled code of the app's own `.ts` modules between launches of `npm start` and
 * its service child, so a launch does not strip and compile them all again. Under the repository's
 * `node_modules/.cache`, owned by whoever installed the app: not a shared temporary folder, where another
 * user could plant cached code.
 */
export const COMPILE_CACHE_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'node_modules',
  '.cache',
  'rinkside-compile',
);

/**
 * Turns Node's module compile cache on for this process, in {@link COMPILE_CACHE_DIR}. It applies to the
 * modules loaded after the call. A failure (a read-only install) only leaves the cache off.
 */
export function enableCompileCache(): void {
  try {
    enableNodeCompileCache(COMPILE_CACHE_DIR);
  } catch {
    // Launch is slower without it, nothing else.
  }
}
