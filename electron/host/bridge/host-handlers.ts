import type { BridgeHandlers, BridgeParsedArgs, BridgeResults } from '../../../shared/bridge/bridge.ts';
import type { Result } from '../../../shared/contract/errors.ts';
import type { JsonText } from '../common/json-text.ts';

// The table's type alone, apart from the table (handlers.ts): the parts that fill it (offline/handlers.ts
// and the other children) type their slice with it and never import the table that imports them.

/**
 * The operations whose answers the host holds only as JSON text (json-text.ts): `request`, the service's
 * answer checked and scrubbed record by record; the players list and the stats browser's leaders, the pages
 * as the store's worker wrote them (store/page-json.ts); the department's coverage, as the lists' worker
 * wrote it (an export asks for every player).
 */
export type JsonTextOp = 'request' | 'offlinePlayers' | 'offlineLeaders' | 'departmentCoverage';

/**
 * The bridge operations as the host implements them: as {@link BridgeHandlers}, except that the
 * {@link JsonTextOp}s answer with JSON text, never held as objects; it becomes a value only where one is
 * needed (Electron's IPC, see app.ts).
 */
export type HostHandlers = Omit<BridgeHandlers, JsonTextOp> & {
  [K in JsonTextOp]: (args: BridgeParsedArgs<K>) => Promise<Result<JsonText<BridgeResults[K]>>>;
};
