// `npm start`'s entry, in plain JavaScript on purpose: Node's compile cache must be on before the first
// TypeScript module loads, or every launch pays for starting Node's type stripper. scripts/launch.ts then
// parses the command line, brings out/ up to date and runs the built app.
//
// The cache serves this process and, through the environment, every Node it starts (the service child):
// the launcher's modules and the built app load from it after the first launch. It lives under the
// repository's node_modules/.cache, owned by whoever installed the app, not in a shared temporary folder
// where another user could plant cached code. A read-only install only goes without it.
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';

const cache = join(import.meta.dirname, '..', 'node_modules', '.cache', 'rinkside-compile');
try {
  enableCompileCache(cache);
  process.env.NODE_COMPILE_CACHE = cache;
} catch {
  // Launches are slower without it, nothing else.
}
await import('./launch.ts');
