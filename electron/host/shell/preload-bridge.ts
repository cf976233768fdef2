import type { Bridge } from '../../../shared/bridge/bridge.ts';
import { BRIDGE_OPS, bridgeChannel } from '../../../shared/bridge/bridge-ops.ts';

/**
 * The page's bridge built over one `invoke(channel, args)` function (Electron's `ipcRenderer.invoke` in
 * the preload): one function per operation of shared/bridge/bridge.ts, each on its derived channel, so no
 * channel string is written here and no other channel can be reached. Plain code, testable in Node.
 */
export function createInvokeBridge(invoke: (channel: string, args: unknown) => Promise<unknown>): Bridge {
  const entries = BRIDGE_OPS.map((op) => [op, (args: unknown) => invoke(bridgeChannel(op), args)] as const);
  return Object.freeze(Object.fromEntries(entries)) as Bridge;
}
