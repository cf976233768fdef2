import { existsSync, writeFileSync } from 'node:fs';
import type { StoreApi } from '../../../../store/cache/api.ts';
import { openStore } from '../../../../store/cache/open.ts';
import { STORE_METHODS, type StoreWorkerData } from '../../../../store/cache/protocol.ts';
import { runWorker } from '../../../../store/common/rpc/serve.ts';

/**
 * The store's own worker (store/cache/worker.ts) on a real file, but for one thing: its derive of the stats
 * browser's rows after a download (`prepareLeaders`) writes `<file>.waiting`, then waits until the test
 * creates `<file>.go`. While it waits the worker answers nothing at all, as during a long derive on a large
 * store.
 */
void runWorker<StoreApi, StoreWorkerData>((data) => {
  const api = openStore(data.file);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  return {
    ...api,
    prepareLeaders() {
      writeFileSync(`${data.file}.waiting`, '');
      while (!existsSync(`${data.file}.go`)) Atomics.wait(pause, 0, 0, 20);
      return api.prepareLeaders();
    },
  };
}, STORE_METHODS);
