import { runWorker } from '../common/rpc/serve.ts';
import type { StoreApi } from './api.ts';
import { openStore } from './open.ts';
import { STORE_METHODS, type StoreWorkerData } from './protocol.ts';

/**
 * The worker thread that owns the offline player cache's database (synchronous SQLite never runs on the
 * host's main thread): it opens `workerData.file` and answers each call of {@link StoreApi}
 * (common/rpc/serve.ts).
 */
void runWorker<StoreApi, StoreWorkerData>((data) => openStore(data.file), STORE_METHODS);
