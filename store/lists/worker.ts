import { runWorker } from '../common/rpc/serve.ts';
import type { ListsApi } from './api.ts';
import { openLists } from './open.ts';
import { LISTS_METHODS, type ListsWorkerData } from './protocol.ts';

/**
 * The worker thread that owns the scouting lists' file, apart from the player cache's worker, so nothing
 * a download does (a large transaction, a clear, a VACUUM) ever waits in front of a note being saved.
 */
void runWorker<ListsApi, ListsWorkerData>(openLists, LISTS_METHODS);
