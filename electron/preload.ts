import { contextBridge, ipcRenderer } from 'electron';
import type { Bridge } from '../shared/bridge/bridge.ts';
import { BRIDGE_GLOBAL } from '../shared/bridge/bridge-ops.ts';
import { createInvokeBridge } from './host/shell/preload-bridge.ts';

// The sandboxed preload: exposes exactly the typed bridge as `window.rinkside`, one function per
// operation over its own IPC channel; never ipcRenderer itself or a generic "send to any channel".
const bridge = createInvokeBridge((channel, args) => ipcRenderer.invoke(channel, args)) satisfies Bridge;
contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
